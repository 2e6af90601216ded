-- The partner's business with the group (section 7, "orders and dashboard"): the group's orders,
-- the partner's invoices against them and the payments made. The group's ERP writes these rows;
-- the portal reads them, always for one partner in one group company, newest first.
CREATE TABLE "PartnerOrder" (
    "id" SERIAL NOT NULL,
    "orderNumber" VARCHAR(20) NOT NULL,
    "orderType" VARCHAR(4) NOT NULL,
    "partnerId" INTEGER NOT NULL,
    "companyCode" INTEGER NOT NULL,
    "categoryCode" VARCHAR(20) NOT NULL,
    "description" VARCHAR(300) NOT NULL,
    "projectName" VARCHAR(200),
    "orderDate" DATE NOT NULL,
    "deliveryDate" DATE,
    "currency" CHAR(3) NOT NULL DEFAULT 'INR',
    "amount" DECIMAL(16,2) NOT NULL,
    "status" VARCHAR(20) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PartnerOrder_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "PartnerOrder_orderNumber_key" ON "PartnerOrder"("orderNumber");
CREATE INDEX "PartnerOrder_partnerId_companyCode_orderDate_id_idx" ON "PartnerOrder"("partnerId", "companyCode", "orderDate" DESC, "id" DESC);
ALTER TABLE "PartnerOrder" ADD CONSTRAINT "PartnerOrder_partnerId_fkey" FOREIGN KEY ("partnerId") REFERENCES "Partner"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "PartnerOrder" ADD CONSTRAINT "PartnerOrder_categoryCode_fkey" FOREIGN KEY ("categoryCode") REFERENCES "BusinessCategory"("categoryCode") ON DELETE RESTRICT ON UPDATE CASCADE;

CREATE TABLE "PartnerInvoice" (
    "id" SERIAL NOT NULL,
    "invoiceNumber" VARCHAR(30) NOT NULL,
    "partnerId" INTEGER NOT NULL,
    "orderId" INTEGER NOT NULL,
    "companyCode" INTEGER NOT NULL,
    "invoiceDate" DATE NOT NULL,
    "dueDate" DATE NOT NULL,
    "amount" DECIMAL(16,2) NOT NULL,
    "taxAmount" DECIMAL(16,2) NOT NULL,
    "status" VARCHAR(20) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PartnerInvoice_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "PartnerInvoice_partnerId_invoiceNumber_key" ON "PartnerInvoice"("partnerId", "invoiceNumber");
CREATE INDEX "PartnerInvoice_partnerId_companyCode_invoiceDate_id_idx" ON "PartnerInvoice"("partnerId", "companyCode", "invoiceDate" DESC, "id" DESC);
CREATE INDEX "PartnerInvoice_orderId_idx" ON "PartnerInvoice"("orderId");
ALTER TABLE "PartnerInvoice" ADD CONSTRAINT "PartnerInvoice_partnerId_fkey" FOREIGN KEY ("partnerId") REFERENCES "Partner"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "PartnerInvoice" ADD CONSTRAINT "PartnerInvoice_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "PartnerOrder"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "PartnerPayment" (
    "id" SERIAL NOT NULL,
    "invoiceId" INTEGER NOT NULL,
    "partnerId" INTEGER NOT NULL,
    "companyCode" INTEGER NOT NULL,
    "paidOn" DATE NOT NULL,
    "amount" DECIMAL(16,2) NOT NULL,
    "reference" VARCHAR(40) NOT NULL,

    CONSTRAINT "PartnerPayment_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "PartnerPayment_partnerId_companyCode_paidOn_idx" ON "PartnerPayment"("partnerId", "companyCode", "paidOn");
CREATE INDEX "PartnerPayment_invoiceId_idx" ON "PartnerPayment"("invoiceId");
ALTER TABLE "PartnerPayment" ADD CONSTRAINT "PartnerPayment_invoiceId_fkey" FOREIGN KEY ("invoiceId") REFERENCES "PartnerInvoice"("id") ON DELETE CASCADE ON UPDATE CASCADE;
