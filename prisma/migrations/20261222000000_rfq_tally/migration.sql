-- The RFQ list's total before a status or a search narrows it, kept as rows are written (issue
-- 26's cost curve): counting a partner's visible RFQs from the index read 9,352 entries at 350,000
-- partners (1.3 ms) against 952 at 35,000 (0.16 ms). Every partner opens the list this way first.
-- A status is relative to the time of the call, so a list narrowed by one still counts its rows.

CREATE TABLE "RfqTally" (
    "companyCode" INTEGER NOT NULL,
    "businessCode" VARCHAR(20) NOT NULL,
    "kind" VARCHAR(10) NOT NULL,
    "rfqs" INTEGER NOT NULL,

    CONSTRAINT "RfqTally_pkey" PRIMARY KEY ("companyCode", "businessCode", "kind")
);

CREATE TRIGGER "Rfq_tally_insert" AFTER INSERT ON "Rfq"
    REFERENCING NEW TABLE AS added FOR EACH STATEMENT
    EXECUTE FUNCTION pp_tally('RfqTally', 'rfqs', '"companyCode", "businessCode", kind', '"companyCode", "businessCode", kind');
CREATE TRIGGER "Rfq_tally_update" AFTER UPDATE ON "Rfq"
    REFERENCING OLD TABLE AS gone NEW TABLE AS added FOR EACH STATEMENT
    EXECUTE FUNCTION pp_tally('RfqTally', 'rfqs', '"companyCode", "businessCode", kind', '"companyCode", "businessCode", kind');
CREATE TRIGGER "Rfq_tally_delete" AFTER DELETE ON "Rfq"
    REFERENCING OLD TABLE AS gone FOR EACH STATEMENT
    EXECUTE FUNCTION pp_tally('RfqTally', 'rfqs', '"companyCode", "businessCode", kind', '"companyCode", "businessCode", kind');

CREATE OR REPLACE FUNCTION pp_kept_totals_rebuild() RETURNS void LANGUAGE sql AS $$
    DELETE FROM "PartnerTally";
    INSERT INTO "PartnerTally" ("companyCode", "partners")
    SELECT 0, count(*) FROM "Partner"
    UNION ALL
    SELECT "companyCode", count(DISTINCT "partnerId") FROM "CompanyMapping" GROUP BY 1;
    DELETE FROM "GrievanceTally";
    INSERT INTO "GrievanceTally" ("international", "companyCode", "state", "reasonCode", "late", "grievances", "answerMs")
    SELECT international, "companyCode", state, "reasonCode", coalesce("answeredAt" > "dueAt", false), count(*),
           coalesce(sum((extract(epoch FROM "answeredAt" - "submittedAt") * 1000)::bigint), 0)
      FROM "Grievance" GROUP BY 1, 2, 3, 4, 5;
    DELETE FROM "GrievanceMonthTally";
    INSERT INTO "GrievanceMonthTally" ("international", "companyCode", "month", "kind", "grievances")
    SELECT international, "companyCode", to_char("submittedAt", 'YYYY-MM'), 'S', count(*) FROM "Grievance"
     WHERE state <> 'DRAFT' AND "submittedAt" IS NOT NULL GROUP BY 1, 2, 3
    UNION ALL
    SELECT international, "companyCode", to_char("answeredAt", 'YYYY-MM'), 'A', count(*) FROM "Grievance"
     WHERE state <> 'DRAFT' AND "answeredAt" IS NOT NULL GROUP BY 1, 2, 3;
    DELETE FROM "GrievanceOpenTally";
    INSERT INTO "GrievanceOpenTally" ("international", "companyCode", "state", "reasonCode", "submittedHour", "dueHour", "grievances")
    SELECT international, "companyCode", state, "reasonCode", coalesce(date_trunc('hour', "submittedAt"), '-infinity'),
           coalesce(date_trunc('hour', "dueAt"), 'infinity'), count(*)
      FROM "Grievance"
     WHERE state IN ('SUBMITTED', 'IN_REVIEW', 'REOPENED') GROUP BY 1, 2, 3, 4, 5, 6;
    DELETE FROM "PartnerQueryTally";
    INSERT INTO "PartnerQueryTally" ("companyCode", "status", "source", "queries")
    SELECT coalesce("companyCode", 0), status, source, count(*) FROM "PartnerQuery" GROUP BY 1, 2, 3;
    DELETE FROM "RfqTally";
    INSERT INTO "RfqTally" ("companyCode", "businessCode", "kind", "rfqs")
    SELECT "companyCode", "businessCode", kind, count(*) FROM "Rfq" GROUP BY 1, 2, 3;
$$;

SELECT pp_kept_totals_rebuild();
