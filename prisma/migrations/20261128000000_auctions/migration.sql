-- E-Bids & E-Auctions: the group's RFQs and reverse auctions, open to the partners of one business
-- in one company, and every bid placed on them (a revision is a new row). A partner's list reads
-- by (company, business, closing time); bids are placed under a lock on their RFQ's row, so an
-- auction's "beat the lowest" check sees every earlier bid.
CREATE TABLE "Rfq" (
    "id" SERIAL NOT NULL,
    "rfqNumber" VARCHAR(30) NOT NULL,
    "kind" VARCHAR(10) NOT NULL,
    "companyCode" INTEGER NOT NULL,
    "businessCode" VARCHAR(20) NOT NULL,
    "categoryCode" VARCHAR(20) NOT NULL,
    "title" VARCHAR(200) NOT NULL,
    "description" TEXT NOT NULL,
    "quantity" DECIMAL(14,3) NOT NULL,
    "unit" VARCHAR(20) NOT NULL,
    "deliveryLocation" VARCHAR(200) NOT NULL,
    "currency" CHAR(3) NOT NULL DEFAULT 'INR',
    "startPrice" DECIMAL(16,2),
    "minDecrement" DECIMAL(16,2),
    "openingAt" TIMESTAMP(3) NOT NULL,
    "closingAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Rfq_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "Rfq_rfqNumber_key" ON "Rfq"("rfqNumber");
CREATE INDEX "Rfq_companyCode_businessCode_closingAt_id_idx" ON "Rfq"("companyCode", "businessCode", "closingAt", "id");
CREATE INDEX "Rfq_title_idx" ON "Rfq" USING GIN ("title" gin_trgm_ops);
ALTER TABLE "Rfq" ADD CONSTRAINT "Rfq_categoryCode_fkey" FOREIGN KEY ("categoryCode") REFERENCES "BusinessCategory"("categoryCode") ON DELETE RESTRICT ON UPDATE CASCADE;

CREATE TABLE "RfqBid" (
    "id" SERIAL NOT NULL,
    "rfqId" INTEGER NOT NULL,
    "partnerId" INTEGER NOT NULL,
    "amount" DECIMAL(16,2) NOT NULL,
    "remarks" VARCHAR(500),
    "placedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RfqBid_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "RfqBid_rfqId_partnerId_id_idx" ON "RfqBid"("rfqId", "partnerId", "id" DESC);
CREATE INDEX "RfqBid_rfqId_amount_idx" ON "RfqBid"("rfqId", "amount");
CREATE INDEX "RfqBid_partnerId_idx" ON "RfqBid"("partnerId");
ALTER TABLE "RfqBid" ADD CONSTRAINT "RfqBid_rfqId_fkey" FOREIGN KEY ("rfqId") REFERENCES "Rfq"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "RfqBid" ADD CONSTRAINT "RfqBid_partnerId_fkey" FOREIGN KEY ("partnerId") REFERENCES "Partner"("id") ON DELETE CASCADE ON UPDATE CASCADE;
