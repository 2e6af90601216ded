-- Add New Company: what a partner asks for in an ADD_COMPANY workflow request (the request itself,
-- its state and history are the workflow's own rows).
CREATE TABLE "CompanyRequest" (
    "id" SERIAL NOT NULL,
    "requestNumber" VARCHAR(30) NOT NULL,
    "partnerId" INTEGER NOT NULL,
    "companyCode" INTEGER NOT NULL,
    "categoryCode" VARCHAR(20) NOT NULL,
    "reason" VARCHAR(500) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CompanyRequest_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "CompanyRequest_requestNumber_key" ON "CompanyRequest"("requestNumber");
CREATE INDEX "CompanyRequest_partnerId_id_idx" ON "CompanyRequest"("partnerId", "id" DESC);
ALTER TABLE "CompanyRequest" ADD CONSTRAINT "CompanyRequest_partnerId_fkey" FOREIGN KEY ("partnerId") REFERENCES "Partner"("id") ON DELETE CASCADE ON UPDATE CASCADE;
