-- Partner queries worked by staff (issue 24): each query's conversation (the chat before a
-- callback, the partner's and staff's replies), its company, what staff search it by, and the
-- chat's last lines kept with the conversation so a callback carries them.
ALTER TABLE "PartnerQuery" ADD COLUMN "companyCode" INTEGER,
                           ADD COLUMN "title" VARCHAR(600) NOT NULL DEFAULT '',
                           ADD COLUMN "lastMessageAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

-- partnerQueryTitleOf (contract/src/api/partner-queries.ts), for the queries asked before.
UPDATE "PartnerQuery" q
   SET "companyCode" = p."currentCompanyCode"
  FROM "Partner" p WHERE p.id = q."partnerId";
UPDATE "PartnerQuery" q
   SET "title" = left(concat_ws(' ', q."referenceNumber", q."displayName", q."companyName", q."partnerEmailId",
                               (SELECT p."partnerNumber" FROM "Partner" p WHERE p.id = q."partnerId")), 600),
       "lastMessageAt" = coalesce(q."resolvedAt", q."createdAt");

-- A query stays when its partner goes (a merge keeps the surviving account): it is the visitor's then.
UPDATE "PartnerQuery" q SET "partnerId" = NULL
 WHERE q."partnerId" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "Partner" p WHERE p.id = q."partnerId");
ALTER TABLE "PartnerQuery" ADD CONSTRAINT "PartnerQuery_partnerId_fkey" FOREIGN KEY ("partnerId") REFERENCES "Partner"("id") ON DELETE SET NULL ON UPDATE CASCADE;

CREATE TABLE "PartnerQueryMessage" (
    "id" SERIAL NOT NULL,
    "queryId" INTEGER NOT NULL,
    "author" VARCHAR(10) NOT NULL,
    "authorUserId" INTEGER,
    "text" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "PartnerQueryMessage_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "PartnerQueryMessage_queryId_id_idx" ON "PartnerQueryMessage"("queryId", "id");
ALTER TABLE "PartnerQueryMessage" ADD CONSTRAINT "PartnerQueryMessage_queryId_fkey" FOREIGN KEY ("queryId") REFERENCES "PartnerQuery"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE INDEX "PartnerQuery_status_id_idx" ON "PartnerQuery"("status", "id" DESC);
CREATE INDEX "PartnerQuery_companyCode_status_id_idx" ON "PartnerQuery"("companyCode", "status", "id" DESC);
CREATE INDEX "PartnerQuery_partnerId_id_idx" ON "PartnerQuery"("partnerId", "id" DESC);
CREATE INDEX "PartnerQuery_title_idx" ON "PartnerQuery" USING GIN ("title" gin_trgm_ops);

ALTER TABLE "ChatConversation" ADD COLUMN "transcript" JSONB NOT NULL DEFAULT '[]';
