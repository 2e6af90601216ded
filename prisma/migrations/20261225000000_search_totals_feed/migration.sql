-- Searched totals kept in memory (issue 26's cost curve; server/src/lib/paging.ts countSearched):
-- a search's total counts its matches up to the contract's cap, and with a common word at 350,000
-- partners that is a thousand rows read and checked on every page of the search (the partner
-- queries of a company searched for "steel": 3.2 ms at 350,000 against 0.4 ms at 35,000). Each
-- server keeps such a total until a statement changes the table it counts: these triggers say so
-- once per statement, as 'Table:*' (the key names no row: a total may count any of them).
-- Partner's updates and deletes, and every CompanyMapping change, already reach the feed row by row.

CREATE FUNCTION pp_notify_table() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('pp_changes', TG_TABLE_NAME || ':*');
    RETURN NULL;
END $$;

-- What a searched total of partner queries counts by: the title, the company, the state, the source.
CREATE TRIGGER "PartnerQuery_search_change" AFTER INSERT OR UPDATE OF title, "companyCode", status, source OR DELETE OR TRUNCATE
    ON "PartnerQuery" FOR EACH STATEMENT EXECUTE FUNCTION pp_notify_table();
-- A new partner is a new match of the vendor master's searches.
CREATE TRIGGER "Partner_insert_change" AFTER INSERT OR TRUNCATE ON "Partner"
    FOR EACH STATEMENT EXECUTE FUNCTION pp_notify_table();
