-- The orders page's answers are kept in memory per partner (server/src/plugins/app/services.ts):
-- an order, an invoice against one or a payment of one written for a partner (the group's ERP
-- writes them; the portal only reads) tells every server, keyed by partner; a renamed category
-- tells them too, as the page shows the category's name. Bulk loads in replica mode (the demo set)
-- fire no trigger: the servers start after them, or hear the reset that follows a put-back state.
CREATE TRIGGER "PartnerOrder_change" AFTER INSERT OR UPDATE OR DELETE ON "PartnerOrder"
    FOR EACH ROW EXECUTE FUNCTION pp_notify_change('partnerId');
CREATE TRIGGER "PartnerInvoice_change" AFTER INSERT OR UPDATE OR DELETE ON "PartnerInvoice"
    FOR EACH ROW EXECUTE FUNCTION pp_notify_change('partnerId');
CREATE TRIGGER "PartnerPayment_change" AFTER INSERT OR UPDATE OR DELETE ON "PartnerPayment"
    FOR EACH ROW EXECUTE FUNCTION pp_notify_change('partnerId');
CREATE TRIGGER "BusinessCategory_change" AFTER UPDATE OF "categoryName", "categoryCode" OR DELETE ON "BusinessCategory"
    FOR EACH ROW EXECUTE FUNCTION pp_notify_change('categoryCode');
