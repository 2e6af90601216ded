-- The change feed (server/src/lib/change-feed.ts): server instances keep sessions and partner
-- details in memory and hear here, on channel pp_changes, of every change to those rows, as
-- 'Table:key'. The key is the column named by the trigger's argument (the row's id, or the
-- partner it belongs to). Bulk loads in replica mode (the demo set) fire no trigger.
CREATE FUNCTION pp_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    changed record;
    key text;
BEGIN
    IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
    EXECUTE format('SELECT ($1).%I::text', TG_ARGV[0]) INTO key USING changed;
    PERFORM pg_notify('pp_changes', TG_TABLE_NAME || ':' || key);
    IF TG_OP = 'UPDATE' THEN
        EXECUTE format('SELECT ($1).%I::text', TG_ARGV[0]) INTO key USING OLD;
        PERFORM pg_notify('pp_changes', TG_TABLE_NAME || ':' || key);
    END IF;
    RETURN NULL;
END $$;

-- A session ended, or switched company or business (not its activity time, written every few seconds).
CREATE TRIGGER "UserSession_change" AFTER UPDATE OF "logoutTime", "companyCode", "categoryCode" OR DELETE ON "UserSession"
    FOR EACH ROW EXECUTE FUNCTION pp_notify_change('id');
-- An account disabled, its role or partner changed.
CREATE TRIGGER "UserAccount_change" AFTER UPDATE OF "status", "role", "partnerId" OR DELETE ON "UserAccount"
    FOR EACH ROW EXECUTE FUNCTION pp_notify_change('id');
-- What GET /api/partner/info answers from: the partner, its businesses, its profiles' status.
CREATE TRIGGER "Partner_change" AFTER UPDATE OR DELETE ON "Partner"
    FOR EACH ROW EXECUTE FUNCTION pp_notify_change('id');
CREATE TRIGGER "CompanyMapping_change" AFTER INSERT OR UPDATE OR DELETE ON "CompanyMapping"
    FOR EACH ROW EXECUTE FUNCTION pp_notify_change('partnerId');
CREATE TRIGGER "OnboardingProfile_change" AFTER INSERT OR UPDATE OF "status", "partnerId", "companyCode", "categoryCode" OR DELETE ON "OnboardingProfile"
    FOR EACH ROW EXECUTE FUNCTION pp_notify_change('partnerId');
