-- Forensics (issue 24): the holders of a number read from one index, contacts' mobiles and e-mails
-- registered beside the statutory numbers, and the reviewers' verdicts on pairs of partners.
DROP INDEX "PartnerIdentifier_kind_value_idx";
-- A contact's e-mail may be 100 characters long (contract/src/onboarding.ts).
ALTER TABLE "PartnerIdentifier" ALTER COLUMN "value" TYPE VARCHAR(100);
CREATE INDEX "PartnerIdentifier_kind_value_partnerId_idx" ON "PartnerIdentifier"("kind", "value", "partnerId");

-- Contacts saved before this migration: their numbers, as identifiersOf (contract) now reads them.
INSERT INTO "PartnerIdentifier" ("kind", "value", "partnerId", "profileId")
SELECT DISTINCT c.kind, c.value, p."partnerId", p.id
  FROM "OnboardingRow" r
  JOIN "OnboardingProfile" p ON p.id = r."profileId"
  CROSS JOIN LATERAL (VALUES ('MOBILE', r.data->>'mobile'), ('EMAIL', lower(r.data->>'email'))) AS c(kind, value)
 WHERE r."listName" = 'contacts' AND coalesce(c.value, '') <> ''
ON CONFLICT ("profileId", "kind", "value") DO NOTHING;

CREATE TYPE "ForensicVerdict" AS ENUM ('GENUINE_GROUP', 'DUPLICATE');

CREATE TABLE "ForensicReview" (
    "id" SERIAL NOT NULL,
    "kind" VARCHAR(10) NOT NULL,
    "value" VARCHAR(100) NOT NULL,
    "partnerIdA" INTEGER NOT NULL,
    "partnerIdB" INTEGER NOT NULL,
    "verdict" "ForensicVerdict" NOT NULL,
    "remarks" VARCHAR(500) NOT NULL,
    "reviewerId" INTEGER NOT NULL,
    "reviewedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ForensicReview_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "ForensicReview_kind_value_partnerIdA_partnerIdB_key" ON "ForensicReview"("kind", "value", "partnerIdA", "partnerIdB");
CREATE INDEX "ForensicReview_partnerIdB_idx" ON "ForensicReview"("partnerIdB");
ALTER TABLE "ForensicReview" ADD CONSTRAINT "ForensicReview_partnerIdA_fkey" FOREIGN KEY ("partnerIdA") REFERENCES "Partner"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "ForensicReview" ADD CONSTRAINT "ForensicReview_partnerIdB_fkey" FOREIGN KEY ("partnerIdB") REFERENCES "Partner"("id") ON DELETE CASCADE ON UPDATE CASCADE;
