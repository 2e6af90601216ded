-- Section 6 admin actions: what the group keeps on a partner besides its profile, and the audit of every action.
ALTER TABLE "Partner" ADD COLUMN "fleetCardTag" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "Partner" ADD COLUMN "graceDays" INTEGER NOT NULL DEFAULT 0;

CREATE TABLE "AdminAudit" (
    "id" SERIAL NOT NULL,
    "action" VARCHAR(40) NOT NULL,
    "actorUserId" INTEGER NOT NULL,
    "partnerNumber" VARCHAR(20),
    "requestNumber" VARCHAR(30),
    "before" JSONB,
    "after" JSONB,
    "remarks" VARCHAR(500),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AdminAudit_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "AdminAudit_partnerNumber_id_idx" ON "AdminAudit"("partnerNumber", "id" DESC);
CREATE INDEX "AdminAudit_requestNumber_idx" ON "AdminAudit"("requestNumber");
