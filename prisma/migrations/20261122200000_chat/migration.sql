-- CreateEnum
CREATE TYPE "PartnerQuerySource" AS ENUM ('CHATBOT', 'SUPPORT_FORM');

-- CreateTable
CREATE TABLE "PartnerQuery" (
    "id" SERIAL NOT NULL,
    "referenceNumber" VARCHAR(20) NOT NULL,
    "source" "PartnerQuerySource" NOT NULL,
    "displayName" VARCHAR(100) NOT NULL,
    "companyName" VARCHAR(200),
    "mobileNumber" VARCHAR(15),
    "partnerEmailId" VARCHAR(254) NOT NULL,
    "message" TEXT NOT NULL,
    "status" VARCHAR(10) NOT NULL DEFAULT 'OPEN',
    "partnerId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "resolvedAt" TIMESTAMP(3),

    CONSTRAINT "PartnerQuery_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ChatConversation" (
    "sender" VARCHAR(200) NOT NULL,
    "language" VARCHAR(5) NOT NULL,
    "state" VARCHAR(30),
    "turns" INTEGER NOT NULL DEFAULT 0,
    "lastMessageAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ChatConversation_pkey" PRIMARY KEY ("sender")
);

-- CreateIndex
CREATE UNIQUE INDEX "PartnerQuery_referenceNumber_key" ON "PartnerQuery"("referenceNumber");

-- CreateIndex
CREATE INDEX "PartnerQuery_partnerEmailId_status_idx" ON "PartnerQuery"("partnerEmailId", "status");

-- CreateIndex
CREATE INDEX "ChatConversation_lastMessageAt_idx" ON "ChatConversation"("lastMessageAt");

-- Reference numbers of partner queries (PQ0000001 on).
CREATE SEQUENCE "partner_query_seq" START WITH 1;
