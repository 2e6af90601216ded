-- The grievance dashboards' counts kept as grievances move (issue 26's cost curve): their metrics
-- grouped every grievance of the scope on each call (51 ms at 35,000 partners, 287 ms at 350,000).
-- What does not depend on the time of the call is kept: the settled ones per reason and company,
-- late or not, with their days to an answer summed, and the months' submissions and answers. Only
-- the open ones, whose age and deadline move with the clock, are still counted on each call.

-- pp_tally (20261215000000) with two optional arguments more: which written rows count (a
-- condition, all by default), and columns summed beside the count (their names and the
-- expressions of a written row that fill them, in the same order).
CREATE OR REPLACE FUNCTION pp_tally() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    counted text := coalesce(TG_ARGV[4], 'true');
    sums text[] := coalesce(string_to_array(TG_ARGV[5], ','), '{}');
    written text := TG_ARGV[3] || ', 1' || coalesce(', ' || TG_ARGV[6], '');
    moved text;
    summed text := format('sum(n * sign)%s', (SELECT string_agg(format(', sum(%s * sign)', s), '') FROM unnest(sums) s));
    nonzero text := format('sum(n * sign) <> 0%s', (SELECT string_agg(format(' OR sum(%s * sign) <> 0', s), '') FROM unnest(sums) s));
    added_up text := format('%1$I = %2$I.%1$I + EXCLUDED.%1$I%3$s', TG_ARGV[1], TG_ARGV[0],
        (SELECT string_agg(format(', %1$s = %2$I.%1$s + EXCLUDED.%1$s', s, TG_ARGV[0]), '') FROM unnest(sums) s));
    columns text := TG_ARGV[2] || ', n' || coalesce(', ' || TG_ARGV[5], '') || ', sign';
BEGIN
    moved := CASE TG_OP
        WHEN 'INSERT' THEN format('SELECT %s, 1 FROM added WHERE %s', written, counted)
        WHEN 'DELETE' THEN format('SELECT %s, -1 FROM gone WHERE %s', written, counted)
        ELSE format('SELECT %1$s, 1 FROM added WHERE %2$s UNION ALL SELECT %1$s, -1 FROM gone WHERE %2$s', written, counted)
    END;
    EXECUTE format(
        'INSERT INTO %1$I (%2$s, %3$I%4$s)
         SELECT %2$s, %5$s FROM (%6$s) AS moved(%7$s) GROUP BY %2$s HAVING %8$s ORDER BY %2$s
         ON CONFLICT (%2$s) DO UPDATE SET %9$s',
        TG_ARGV[0], TG_ARGV[2], TG_ARGV[1], coalesce(', ' || TG_ARGV[5], ''), summed, moved, columns, nonzero, added_up);
    RETURN NULL;
END $$;

-- The grievances' tally keeps, beside the count, whether they were answered after their deadline
-- and the milliseconds from submission to answer (summed: a dashboard averages them).
ALTER TABLE "GrievanceTally" ADD COLUMN "late" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "GrievanceTally" ADD COLUMN "answerMs" BIGINT NOT NULL DEFAULT 0;
ALTER TABLE "GrievanceTally" ALTER COLUMN "late" DROP DEFAULT;
ALTER TABLE "GrievanceTally" ALTER COLUMN "answerMs" DROP DEFAULT;
ALTER TABLE "GrievanceTally" DROP CONSTRAINT "GrievanceTally_pkey";
ALTER TABLE "GrievanceTally" ADD CONSTRAINT "GrievanceTally_pkey" PRIMARY KEY ("international", "companyCode", "state", "reasonCode", "late");

-- Submissions and answers per scope, company and month (kind S or A), of grievances past draft.
CREATE TABLE "GrievanceMonthTally" (
    "international" BOOLEAN NOT NULL,
    "companyCode" INTEGER NOT NULL,
    "month" CHAR(7) NOT NULL,
    "kind" CHAR(1) NOT NULL,
    "grievances" INTEGER NOT NULL,

    CONSTRAINT "GrievanceMonthTally_pkey" PRIMARY KEY ("international", "companyCode", "month", "kind")
);

DROP TRIGGER "Grievance_tally_insert" ON "Grievance";
DROP TRIGGER "Grievance_tally_update" ON "Grievance";
DROP TRIGGER "Grievance_tally_delete" ON "Grievance";

CREATE TRIGGER "Grievance_tally_insert" AFTER INSERT ON "Grievance"
    REFERENCING NEW TABLE AS added FOR EACH STATEMENT
    EXECUTE FUNCTION pp_tally('GrievanceTally', 'grievances', 'international, "companyCode", state, "reasonCode", late',
        'international, "companyCode", state, "reasonCode", coalesce("answeredAt" > "dueAt", false)', 'true',
        '"answerMs"', 'coalesce((extract(epoch FROM "answeredAt" - "submittedAt") * 1000)::bigint, 0)');
CREATE TRIGGER "Grievance_tally_update" AFTER UPDATE ON "Grievance"
    REFERENCING OLD TABLE AS gone NEW TABLE AS added FOR EACH STATEMENT
    EXECUTE FUNCTION pp_tally('GrievanceTally', 'grievances', 'international, "companyCode", state, "reasonCode", late',
        'international, "companyCode", state, "reasonCode", coalesce("answeredAt" > "dueAt", false)', 'true',
        '"answerMs"', 'coalesce((extract(epoch FROM "answeredAt" - "submittedAt") * 1000)::bigint, 0)');
CREATE TRIGGER "Grievance_tally_delete" AFTER DELETE ON "Grievance"
    REFERENCING OLD TABLE AS gone FOR EACH STATEMENT
    EXECUTE FUNCTION pp_tally('GrievanceTally', 'grievances', 'international, "companyCode", state, "reasonCode", late',
        'international, "companyCode", state, "reasonCode", coalesce("answeredAt" > "dueAt", false)', 'true',
        '"answerMs"', 'coalesce((extract(epoch FROM "answeredAt" - "submittedAt") * 1000)::bigint, 0)');

CREATE TRIGGER "Grievance_submitted_insert" AFTER INSERT ON "Grievance"
    REFERENCING NEW TABLE AS added FOR EACH STATEMENT
    EXECUTE FUNCTION pp_tally('GrievanceMonthTally', 'grievances', 'international, "companyCode", month, kind',
        'international, "companyCode", to_char("submittedAt", ''YYYY-MM''), ''S''', 'state <> ''DRAFT'' AND "submittedAt" IS NOT NULL');
CREATE TRIGGER "Grievance_submitted_update" AFTER UPDATE ON "Grievance"
    REFERENCING OLD TABLE AS gone NEW TABLE AS added FOR EACH STATEMENT
    EXECUTE FUNCTION pp_tally('GrievanceMonthTally', 'grievances', 'international, "companyCode", month, kind',
        'international, "companyCode", to_char("submittedAt", ''YYYY-MM''), ''S''', 'state <> ''DRAFT'' AND "submittedAt" IS NOT NULL');
CREATE TRIGGER "Grievance_submitted_delete" AFTER DELETE ON "Grievance"
    REFERENCING OLD TABLE AS gone FOR EACH STATEMENT
    EXECUTE FUNCTION pp_tally('GrievanceMonthTally', 'grievances', 'international, "companyCode", month, kind',
        'international, "companyCode", to_char("submittedAt", ''YYYY-MM''), ''S''', 'state <> ''DRAFT'' AND "submittedAt" IS NOT NULL');
CREATE TRIGGER "Grievance_answered_insert" AFTER INSERT ON "Grievance"
    REFERENCING NEW TABLE AS added FOR EACH STATEMENT
    EXECUTE FUNCTION pp_tally('GrievanceMonthTally', 'grievances', 'international, "companyCode", month, kind',
        'international, "companyCode", to_char("answeredAt", ''YYYY-MM''), ''A''', 'state <> ''DRAFT'' AND "answeredAt" IS NOT NULL');
CREATE TRIGGER "Grievance_answered_update" AFTER UPDATE ON "Grievance"
    REFERENCING OLD TABLE AS gone NEW TABLE AS added FOR EACH STATEMENT
    EXECUTE FUNCTION pp_tally('GrievanceMonthTally', 'grievances', 'international, "companyCode", month, kind',
        'international, "companyCode", to_char("answeredAt", ''YYYY-MM''), ''A''', 'state <> ''DRAFT'' AND "answeredAt" IS NOT NULL');
CREATE TRIGGER "Grievance_answered_delete" AFTER DELETE ON "Grievance"
    REFERENCING OLD TABLE AS gone FOR EACH STATEMENT
    EXECUTE FUNCTION pp_tally('GrievanceMonthTally', 'grievances', 'international, "companyCode", month, kind',
        'international, "companyCode", to_char("answeredAt", ''YYYY-MM''), ''A''', 'state <> ''DRAFT'' AND "answeredAt" IS NOT NULL');

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
    DELETE FROM "PartnerQueryTally";
    INSERT INTO "PartnerQueryTally" ("companyCode", "status", "source", "queries")
    SELECT coalesce("companyCode", 0), status, source, count(*) FROM "PartnerQuery" GROUP BY 1, 2, 3;
$$;

SELECT pp_kept_totals_rebuild();
