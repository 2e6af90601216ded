-- The workbench's answers are kept in memory per company (server/src/plugins/app/services.ts):
-- any request of the company opened, moved or removed tells every server, keyed by company.
CREATE TRIGGER "WorkflowRequest_change" AFTER INSERT OR UPDATE OF "state", "desk", "title", "companyCode" OR DELETE ON "WorkflowRequest"
    FOR EACH ROW EXECUTE FUNCTION pp_notify_change('companyCode');
