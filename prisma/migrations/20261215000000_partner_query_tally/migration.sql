-- The partner queries' totals before a search, kept as the grievances' are (20261214000000): the
-- staff list counted every query of its filter on each page, and every staff page asks how many
-- open queries wait (the header's count).

CREATE TABLE "PartnerQueryTally" (
    -- 0: a visitor's query, of no company.
    "companyCode" INTEGER NOT NULL,
    "status" VARCHAR(10) NOT NULL,
    "source" "PartnerQuerySource" NOT NULL,
    "queries" INTEGER NOT NULL,

    CONSTRAINT "PartnerQueryTally_pkey" PRIMARY KEY ("companyCode", "status", "source")
);

-- One trigger function for every tally: a statement's rows counted out of their old group and into
-- their new one, in key order (an update that moves none, such as a new title, writes nothing).
-- Arguments: the tally table, its count column, its key columns, and the expressions of a written
-- row that fill them (in the same order).
CREATE FUNCTION pp_tally() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    moved text;
BEGIN
    moved := CASE TG_OP
        WHEN 'INSERT' THEN format('SELECT %s, 1 FROM added', TG_ARGV[3])
        WHEN 'DELETE' THEN format('SELECT %s, -1 FROM gone', TG_ARGV[3])
        ELSE format('SELECT %1$s, 1 FROM added UNION ALL SELECT %1$s, -1 FROM gone', TG_ARGV[3])
    END;
    EXECUTE format(
        'INSERT INTO %1$I (%2$s, %3$I)
         SELECT %2$s, sum(n) FROM (%4$s) AS moved(%2$s, n) GROUP BY %2$s HAVING sum(n) <> 0 ORDER BY %2$s
         ON CONFLICT (%2$s) DO UPDATE SET %3$I = %1$I.%3$I + EXCLUDED.%3$I',
        TG_ARGV[0], TG_ARGV[2], TG_ARGV[1], moved);
    RETURN NULL;
END $$;

CREATE TRIGGER "PartnerQuery_tally_insert" AFTER INSERT ON "PartnerQuery"
    REFERENCING NEW TABLE AS added FOR EACH STATEMENT
    EXECUTE FUNCTION pp_tally('PartnerQueryTally', 'queries', '"companyCode", status, source', 'coalesce("companyCode", 0), status, source');
CREATE TRIGGER "PartnerQuery_tally_update" AFTER UPDATE ON "PartnerQuery"
    REFERENCING OLD TABLE AS gone NEW TABLE AS added FOR EACH STATEMENT
    EXECUTE FUNCTION pp_tally('PartnerQueryTally', 'queries', '"companyCode", status, source', 'coalesce("companyCode", 0), status, source');
CREATE TRIGGER "PartnerQuery_tally_delete" AFTER DELETE ON "PartnerQuery"
    REFERENCING OLD TABLE AS gone FOR EACH STATEMENT
    EXECUTE FUNCTION pp_tally('PartnerQueryTally', 'queries', '"companyCode", status, source', 'coalesce("companyCode", 0), status, source');

-- The grievances' tally through the same function.
DROP TRIGGER "Grievance_tally_insert" ON "Grievance";
DROP TRIGGER "Grievance_tally_update" ON "Grievance";
DROP TRIGGER "Grievance_tally_delete" ON "Grievance";
DROP FUNCTION pp_grievance_tally();
CREATE TRIGGER "Grievance_tally_insert" AFTER INSERT ON "Grievance"
    REFERENCING NEW TABLE AS added FOR EACH STATEMENT
    EXECUTE FUNCTION pp_tally('GrievanceTally', 'grievances', 'international, "companyCode", state, "reasonCode"', 'international, "companyCode", state, "reasonCode"');
CREATE TRIGGER "Grievance_tally_update" AFTER UPDATE ON "Grievance"
    REFERENCING OLD TABLE AS gone NEW TABLE AS added FOR EACH STATEMENT
    EXECUTE FUNCTION pp_tally('GrievanceTally', 'grievances', 'international, "companyCode", state, "reasonCode"', 'international, "companyCode", state, "reasonCode"');
CREATE TRIGGER "Grievance_tally_delete" AFTER DELETE ON "Grievance"
    REFERENCING OLD TABLE AS gone FOR EACH STATEMENT
    EXECUTE FUNCTION pp_tally('GrievanceTally', 'grievances', 'international, "companyCode", state, "reasonCode"', 'international, "companyCode", state, "reasonCode"');

CREATE OR REPLACE FUNCTION pp_kept_totals_rebuild() RETURNS void LANGUAGE sql AS $$
    DELETE FROM "PartnerTally";
    INSERT INTO "PartnerTally" ("companyCode", "partners")
    SELECT 0, count(*) FROM "Partner"
    UNION ALL
    SELECT "companyCode", count(DISTINCT "partnerId") FROM "CompanyMapping" GROUP BY 1;
    DELETE FROM "GrievanceTally";
    INSERT INTO "GrievanceTally" ("international", "companyCode", "state", "reasonCode", "grievances")
    SELECT international, "companyCode", state, "reasonCode", count(*) FROM "Grievance" GROUP BY 1, 2, 3, 4;
    DELETE FROM "PartnerQueryTally";
    INSERT INTO "PartnerQueryTally" ("companyCode", "status", "source", "queries")
    SELECT coalesce("companyCode", 0), status, source, count(*) FROM "PartnerQuery" GROUP BY 1, 2, 3;
$$;

SELECT pp_kept_totals_rebuild();
