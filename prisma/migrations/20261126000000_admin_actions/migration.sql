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

-- Customers of the group (section 7 "customers"), approved through the CUSTOMER flow of the workflow engine.
CREATE TABLE "Customer" (
    "id" SERIAL NOT NULL,
    "customerNumber" VARCHAR(20) NOT NULL,
    "companyCode" INTEGER NOT NULL,
    "name" VARCHAR(200) NOT NULL,
    "pan" VARCHAR(10),
    "gstin" VARCHAR(15),
    "email" VARCHAR(254) NOT NULL,
    "mobileNumber" VARCHAR(15) NOT NULL,
    "address" JSONB NOT NULL,
    "createdByUserId" INTEGER NOT NULL,
    "requestNumber" VARCHAR(30) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Customer_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "Customer_customerNumber_key" ON "Customer"("customerNumber");
CREATE UNIQUE INDEX "Customer_requestNumber_key" ON "Customer"("requestNumber");
CREATE INDEX "Customer_companyCode_id_idx" ON "Customer"("companyCode", "id" DESC);
CREATE INDEX "Customer_name_idx" ON "Customer" USING GIN ("name" gin_trgm_ops);
CREATE INDEX "Customer_pan_idx" ON "Customer"("pan");

-- Its branches and bank accounts (new-branches, branch, new-bank, bank-book).
CREATE TABLE "CustomerRow" (
    "id" SERIAL NOT NULL,
    "customerId" INTEGER NOT NULL,
    "kind" VARCHAR(10) NOT NULL,
    "data" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CustomerRow_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "CustomerRow_customerId_kind_id_idx" ON "CustomerRow"("customerId", "kind", "id");
ALTER TABLE "CustomerRow" ADD CONSTRAINT "CustomerRow_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A customer's or a re-KYC's history has no onboarding profile of its own.
ALTER TABLE "WorkflowRecord" ALTER COLUMN "profileId" DROP NOT NULL;
