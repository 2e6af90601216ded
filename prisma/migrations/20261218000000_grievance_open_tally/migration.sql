-- The grievance dashboards' open grievances kept per hour of submission and of deadline (issue 26's
-- cost curve): the metrics grouped every open grievance of the scope on each call, because their
-- ages and deadlines are measured against the time of the call (16 → 35 ms from 35,000 to 350,000
-- partners). An hour's grievances all fall on the same side of a threshold unless the threshold
-- falls inside that hour, so the metrics read these counts, and count again from the rows only the
-- grievances of the few hours a threshold falls in (the partial indexes below find them).

CREATE TABLE "GrievanceOpenTally" (
    "international" BOOLEAN NOT NULL,
    "companyCode" INTEGER NOT NULL,
    "state" VARCHAR(20) NOT NULL,
    "reasonCode" VARCHAR(30) NOT NULL,
    -- '-infinity' for one without a submission time: past every age bound, as the rows count it.
    "submittedHour" TIMESTAMP(3) NOT NULL,
    -- 'infinity' for a grievance without a deadline: never overdue, never due soon.
    "dueHour" TIMESTAMP(3) NOT NULL,
    "grievances" INTEGER NOT NULL,

    CONSTRAINT "GrievanceOpenTally_pkey" PRIMARY KEY ("international", "companyCode", "state", "reasonCode", "submittedHour", "dueHour")
);

CREATE INDEX "Grievance_open_submitted_idx" ON "Grievance"("submittedAt")
    WHERE state IN ('SUBMITTED', 'IN_REVIEW', 'REOPENED');
CREATE INDEX "Grievance_open_due_idx" ON "Grievance"("dueAt")
    WHERE state IN ('SUBMITTED', 'IN_REVIEW', 'REOPENED');

CREATE TRIGGER "Grievance_open_insert" AFTER INSERT ON "Grievance"
    REFERENCING NEW TABLE AS added FOR EACH STATEMENT
    EXECUTE FUNCTION pp_tally('GrievanceOpenTally', 'grievances',
        'international, "companyCode", state, "reasonCode", "submittedHour", "dueHour"',
        'international, "companyCode", state, "reasonCode", coalesce(date_trunc(''hour'', "submittedAt"), ''-infinity''), coalesce(date_trunc(''hour'', "dueAt"), ''infinity'')',
        'state IN (''SUBMITTED'', ''IN_REVIEW'', ''REOPENED'')');
CREATE TRIGGER "Grievance_open_update" AFTER UPDATE ON "Grievance"
    REFERENCING OLD TABLE AS gone NEW TABLE AS added FOR EACH STATEMENT
    EXECUTE FUNCTION pp_tally('GrievanceOpenTally', 'grievances',
        'international, "companyCode", state, "reasonCode", "submittedHour", "dueHour"',
        'international, "companyCode", state, "reasonCode", coalesce(date_trunc(''hour'', "submittedAt"), ''-infinity''), coalesce(date_trunc(''hour'', "dueAt"), ''infinity'')',
        'state IN (''SUBMITTED'', ''IN_REVIEW'', ''REOPENED'')');
CREATE TRIGGER "Grievance_open_delete" AFTER DELETE ON "Grievance"
    REFERENCING OLD TABLE AS gone FOR EACH STATEMENT
    EXECUTE FUNCTION pp_tally('GrievanceOpenTally', 'grievances',
        'international, "companyCode", state, "reasonCode", "submittedHour", "dueHour"',
        'international, "companyCode", state, "reasonCode", coalesce(date_trunc(''hour'', "submittedAt"), ''-infinity''), coalesce(date_trunc(''hour'', "dueAt"), ''infinity'')',
        'state IN (''SUBMITTED'', ''IN_REVIEW'', ''REOPENED'')');

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
$$;

SELECT pp_kept_totals_rebuild();
