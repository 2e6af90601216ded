-- Grievances (claims) of partners and every step of their lifecycle (contract/src/grievance.ts,
-- docs/grievances.md). The state changes only by a compare-and-set, so of two people acting at
-- once one wins and the other is told.
CREATE SEQUENCE "grievance_number_seq";

CREATE TABLE "Grievance" (
    "id" SERIAL NOT NULL,
    "grievanceNumber" VARCHAR(30) NOT NULL,
    "partnerId" INTEGER NOT NULL,
    "companyCode" INTEGER NOT NULL,
    "reasonCode" VARCHAR(30) NOT NULL,
    "documentNumber" VARCHAR(30),
    "subject" VARCHAR(150) NOT NULL,
    "description" TEXT NOT NULL,
    "fileIds" TEXT[],
    "state" VARCHAR(20) NOT NULL,
    "title" VARCHAR(400) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "submittedAt" TIMESTAMP(3),
    "settledAt" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Grievance_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "Grievance_grievanceNumber_key" ON "Grievance"("grievanceNumber");
CREATE INDEX "Grievance_partnerId_companyCode_id_idx" ON "Grievance"("partnerId", "companyCode", "id" DESC);
CREATE INDEX "Grievance_companyCode_state_id_idx" ON "Grievance"("companyCode", "state", "id" DESC);
CREATE INDEX "Grievance_title_idx" ON "Grievance" USING GIN ("title" gin_trgm_ops);
ALTER TABLE "Grievance" ADD CONSTRAINT "Grievance_partnerId_fkey" FOREIGN KEY ("partnerId") REFERENCES "Partner"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "GrievanceStep" (
    "id" SERIAL NOT NULL,
    "grievanceId" INTEGER NOT NULL,
    "action" VARCHAR(20) NOT NULL,
    "fromState" VARCHAR(20),
    "toState" VARCHAR(20) NOT NULL,
    "actorUserId" INTEGER NOT NULL,
    "byPartner" BOOLEAN NOT NULL,
    "remarks" TEXT,
    "previousReason" VARCHAR(30),
    "fileIds" TEXT[],
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "GrievanceStep_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "GrievanceStep_grievanceId_id_idx" ON "GrievanceStep"("grievanceId", "id");
ALTER TABLE "GrievanceStep" ADD CONSTRAINT "GrievanceStep_grievanceId_fkey" FOREIGN KEY ("grievanceId") REFERENCES "Grievance"("id") ON DELETE CASCADE ON UPDATE CASCADE;
