-- The tallies' rebuilds: each tally (decision 013) counted again from the rows it counts. The
-- migrator applies this file after the migrations whenever it changed (prisma/README.md), so a new
-- tally adds its table and triggers in a migration and its rebuild here, beside the others.
-- The demo loader calls pp_kept_totals_rebuild() after its COPY, when the triggers were quiet.

CREATE OR REPLACE FUNCTION pp_partner_tally_rebuild() RETURNS void LANGUAGE sql AS $$
    DELETE FROM "PartnerTally";
    INSERT INTO "PartnerTally" ("companyCode", "partners")
    SELECT 0, count(*) FROM "Partner"
    UNION ALL
    SELECT "companyCode", count(DISTINCT "partnerId") FROM "CompanyMapping" GROUP BY 1;
$$;

CREATE OR REPLACE FUNCTION pp_grievance_tally_rebuild() RETURNS void LANGUAGE sql AS $$
    DELETE FROM "GrievanceTally";
    INSERT INTO "GrievanceTally" ("international", "companyCode", "state", "reasonCode", "late", "grievances", "answerMs")
    SELECT international, "companyCode", state, "reasonCode", coalesce("answeredAt" > "dueAt", false), count(*),
           coalesce(sum((extract(epoch FROM "answeredAt" - "submittedAt") * 1000)::bigint), 0)
      FROM "Grievance" GROUP BY 1, 2, 3, 4, 5;
$$;

CREATE OR REPLACE FUNCTION pp_grievance_month_tally_rebuild() RETURNS void LANGUAGE sql AS $$
    DELETE FROM "GrievanceMonthTally";
    INSERT INTO "GrievanceMonthTally" ("international", "companyCode", "month", "kind", "grievances")
    SELECT international, "companyCode", to_char("submittedAt", 'YYYY-MM'), 'S', count(*) FROM "Grievance"
     WHERE state <> 'DRAFT' AND "submittedAt" IS NOT NULL GROUP BY 1, 2, 3
    UNION ALL
    SELECT international, "companyCode", to_char("answeredAt", 'YYYY-MM'), 'A', count(*) FROM "Grievance"
     WHERE state <> 'DRAFT' AND "answeredAt" IS NOT NULL GROUP BY 1, 2, 3;
$$;

CREATE OR REPLACE FUNCTION pp_grievance_open_tally_rebuild() RETURNS void LANGUAGE sql AS $$
    DELETE FROM "GrievanceOpenTally";
    INSERT INTO "GrievanceOpenTally" ("international", "companyCode", "state", "reasonCode", "submittedHour", "dueHour", "grievances")
    SELECT international, "companyCode", state, "reasonCode", coalesce(date_trunc('hour', "submittedAt"), '-infinity'),
           coalesce(date_trunc('hour', "dueAt"), 'infinity'), count(*)
      FROM "Grievance"
     WHERE state IN ('SUBMITTED', 'IN_REVIEW', 'REOPENED') GROUP BY 1, 2, 3, 4, 5, 6;
$$;

CREATE OR REPLACE FUNCTION pp_partner_query_tally_rebuild() RETURNS void LANGUAGE sql AS $$
    DELETE FROM "PartnerQueryTally";
    INSERT INTO "PartnerQueryTally" ("companyCode", "status", "source", "queries")
    SELECT coalesce("companyCode", 0), status, source, count(*) FROM "PartnerQuery" GROUP BY 1, 2, 3;
$$;

CREATE OR REPLACE FUNCTION pp_rfq_tally_rebuild() RETURNS void LANGUAGE sql AS $$
    DELETE FROM "RfqTally";
    INSERT INTO "RfqTally" ("companyCode", "businessCode", "kind", "rfqs")
    SELECT "companyCode", "businessCode", kind, count(*) FROM "Rfq" GROUP BY 1, 2, 3;
$$;

-- Every tally at once: one line per tally above.
CREATE OR REPLACE FUNCTION pp_kept_totals_rebuild() RETURNS void LANGUAGE sql AS $$
    SELECT pp_partner_tally_rebuild();
    SELECT pp_grievance_tally_rebuild();
    SELECT pp_grievance_month_tally_rebuild();
    SELECT pp_grievance_open_tally_rebuild();
    SELECT pp_partner_query_tally_rebuild();
    SELECT pp_rfq_tally_rebuild();
$$;

-- A changed rebuild (or a new tally's) counts every tally again.
SELECT pp_kept_totals_rebuild();
