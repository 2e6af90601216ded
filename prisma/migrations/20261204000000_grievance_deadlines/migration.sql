-- Grievance dashboards (issue 24): each open grievance's deadline, when it was answered, and
-- whether an international partner raised it (/GrievanceInternational), read by the dashboards
-- from their own indexes.
ALTER TABLE "Grievance" ADD COLUMN "dueAt" TIMESTAMP(3),
                        ADD COLUMN "answeredAt" TIMESTAMP(3),
                        ADD COLUMN "international" BOOLEAN NOT NULL DEFAULT false;

-- 100 is India (DOMESTIC_COUNTRY_CODE, contract/src/constants.ts).
UPDATE "Grievance" g SET "international" = true
  FROM "Partner" p WHERE p.id = g."partnerId" AND p."countryCode" <> 100;

-- The deadline counts from the last submission or reopening, by the current reason's days
-- (GRIEVANCE_DUE_DAYS, contract/src/grievance.ts): what grievanceDueAfter gives after a reason change too.
UPDATE "Grievance" g
   SET "dueAt" = s.started + make_interval(days => CASE g."reasonCode"
         WHEN 'PAYMENT_DELAY' THEN 7 WHEN 'PAYMENT_SHORT' THEN 10 WHEN 'INVOICE_REJECTED' THEN 7
         WHEN 'ORDER_DISPUTE' THEN 15 WHEN 'QUALITY_DISPUTE' THEN 15 WHEN 'DOCUMENT_ISSUE' THEN 10
         WHEN 'PORTAL_ISSUE' THEN 3 ELSE 15 END)
  FROM (SELECT "grievanceId", max("createdAt") AS started FROM "GrievanceStep"
         WHERE action IN ('SUBMIT', 'REOPEN') GROUP BY "grievanceId") s
 WHERE s."grievanceId" = g.id;

-- Answered: the last step out of the open states, for those not open again since.
UPDATE "Grievance" g SET "answeredAt" = s.at
  FROM (SELECT "grievanceId", max("createdAt") AS at FROM "GrievanceStep"
         WHERE "fromState" IN ('SUBMITTED', 'IN_REVIEW', 'REOPENED') AND "toState" IN ('RESOLVED', 'CLOSED')
         GROUP BY "grievanceId") s
 WHERE s."grievanceId" = g.id AND g.state IN ('RESOLVED', 'CLOSED');

DROP INDEX "Grievance_companyCode_state_id_idx";
CREATE INDEX "Grievance_scope_list_idx" ON "Grievance"("international", "companyCode", "state", "id" DESC);
CREATE INDEX "Grievance_metrics_idx" ON "Grievance"("international", "state", "companyCode", "reasonCode", "submittedAt", "dueAt", "answeredAt");
CREATE INDEX "Grievance_scope_due_idx" ON "Grievance"("international", "dueAt");
