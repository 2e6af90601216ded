-- The forensics lists' searches kept in memory (issue 26's cost curve; server/src/features/forensics):
-- a search's pairs grow with its matches (112 for "steel" among the bank accounts of company 1 at
-- 350,000 partners, 9 at 35,000), and each page of the search made them all again. Each server
-- keeps a search's pairs until a statement changes a table they are made from: the holders of a
-- shared number (with their names and numbers), the shared numbers (with their companies), the
-- reviews. Once per statement, as 'Table:*' (pp_notify_table, 20261225000000_search_totals_feed).

CREATE TRIGGER "SharedHolder_search_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "SharedHolder"
    FOR EACH STATEMENT EXECUTE FUNCTION pp_notify_table();
CREATE TRIGGER "SharedNumber_search_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "SharedNumber"
    FOR EACH STATEMENT EXECUTE FUNCTION pp_notify_table();
CREATE TRIGGER "ForensicReview_search_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "ForensicReview"
    FOR EACH STATEMENT EXECUTE FUNCTION pp_notify_table();
