-- CreateEnum
CREATE TYPE "UserRole" AS ENUM ('PARTNER', 'BUYER', 'APPROVER', 'FINANCE', 'ADMIN', 'SEGREGATOR', 'CATEGORIZER', 'FORENSICS', 'REPORTS');

-- CreateEnum
CREATE TYPE "AccountStatus" AS ENUM ('PENDING_EMAIL', 'ACTIVE', 'DISABLED');

-- CreateEnum
CREATE TYPE "OnboardStatus" AS ENUM ('Edit', 'View', 'Approved');

-- CreateTable
CREATE TABLE "Country" (
    "countryCode" INTEGER NOT NULL,
    "countryName" VARCHAR(100) NOT NULL,
    "isoCode" CHAR(2) NOT NULL,

    CONSTRAINT "Country_pkey" PRIMARY KEY ("countryCode")
);

-- CreateTable
CREATE TABLE "GroupCompany" (
    "companyCode" INTEGER NOT NULL,
    "companyName" VARCHAR(200) NOT NULL,
    "longDesc" VARCHAR(500),
    "isActive" BOOLEAN NOT NULL DEFAULT true,

    CONSTRAINT "GroupCompany_pkey" PRIMARY KEY ("companyCode")
);

-- CreateTable
CREATE TABLE "BusinessCategory" (
    "categoryCode" VARCHAR(20) NOT NULL,
    "categoryName" VARCHAR(200) NOT NULL,
    "level" SMALLINT NOT NULL,
    "parentCode" VARCHAR(20),
    "companyCode" INTEGER NOT NULL,
    "isActive" BOOLEAN NOT NULL DEFAULT true,

    CONSTRAINT "BusinessCategory_pkey" PRIMARY KEY ("categoryCode")
);

-- CreateTable
CREATE TABLE "Partner" (
    "id" SERIAL NOT NULL,
    "partnerNumber" VARCHAR(20) NOT NULL,
    "organizationName" VARCHAR(200) NOT NULL,
    "coordinationPerson" VARCHAR(100),
    "designation" VARCHAR(100),
    "longDesc" VARCHAR(500),
    "email" VARCHAR(254) NOT NULL,
    "mobileNumber" VARCHAR(15),
    "website" VARCHAR(300),
    "countryCode" INTEGER NOT NULL,
    "dunsNumber" VARCHAR(9),
    "nationalId" VARCHAR(30),
    "onboardStatus" "OnboardStatus" NOT NULL DEFAULT 'Edit',
    "classificationCode" INTEGER,
    "currentCompanyCode" INTEGER,
    "currentCategoryCode" VARCHAR(20),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Partner_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "UserAccount" (
    "id" SERIAL NOT NULL,
    "username" VARCHAR(100) NOT NULL,
    "passwordHash" VARCHAR(200) NOT NULL,
    "displayName" VARCHAR(200) NOT NULL,
    "email" VARCHAR(254) NOT NULL,
    "mobileNumber" VARCHAR(15),
    "role" "UserRole" NOT NULL,
    "status" "AccountStatus" NOT NULL DEFAULT 'ACTIVE',
    "failedLoginCount" INTEGER NOT NULL DEFAULT 0,
    "lockedUntil" TIMESTAMP(3),
    "partnerId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "UserAccount_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "UserSession" (
    "id" UUID NOT NULL,
    "auditNumber" BIGSERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "companyCode" INTEGER,
    "categoryCode" VARCHAR(20),
    "loginTime" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastActionTime" TIMESTAMP(3) NOT NULL,
    "logoutTime" TIMESTAMP(3),
    "logoutType" CHAR(1),
    "ipAddress" VARCHAR(64),
    "userAgent" VARCHAR(500),

    CONSTRAINT "UserSession_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CompanyMapping" (
    "id" SERIAL NOT NULL,
    "partnerId" INTEGER NOT NULL,
    "companyCode" INTEGER NOT NULL,
    "categoryCode" VARCHAR(20) NOT NULL,
    "isDefault" BOOLEAN NOT NULL DEFAULT false,
    "isPrimary" BOOLEAN NOT NULL DEFAULT true,
    "status" CHAR(1) NOT NULL DEFAULT 'A',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CompanyMapping_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Notification" (
    "notificationId" SERIAL NOT NULL,
    "partnerId" INTEGER NOT NULL,
    "description" TEXT NOT NULL,
    "notificationStatus" CHAR(1) NOT NULL DEFAULT 'D',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "readAt" TIMESTAMP(3),

    CONSTRAINT "Notification_pkey" PRIMARY KEY ("notificationId")
);

-- CreateTable
CREATE TABLE "PortalMessage" (
    "id" SERIAL NOT NULL,
    "messageTypeId" SMALLINT NOT NULL,
    "message" TEXT NOT NULL,
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "validFrom" TIMESTAMP(3),
    "validTo" TIMESTAMP(3),
    "sortOrder" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PortalMessage_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Country_isoCode_key" ON "Country"("isoCode");

-- CreateIndex
CREATE INDEX "BusinessCategory_companyCode_level_idx" ON "BusinessCategory"("companyCode", "level");

-- CreateIndex
CREATE INDEX "BusinessCategory_parentCode_idx" ON "BusinessCategory"("parentCode");

-- CreateIndex
CREATE UNIQUE INDEX "Partner_partnerNumber_key" ON "Partner"("partnerNumber");

-- CreateIndex
CREATE INDEX "Partner_email_idx" ON "Partner"("email");

-- CreateIndex
CREATE INDEX "Partner_organizationName_idx" ON "Partner"("organizationName");

-- CreateIndex
CREATE UNIQUE INDEX "UserAccount_username_key" ON "UserAccount"("username");

-- CreateIndex
CREATE UNIQUE INDEX "UserAccount_partnerId_key" ON "UserAccount"("partnerId");

-- CreateIndex
CREATE INDEX "UserAccount_email_idx" ON "UserAccount"("email");

-- CreateIndex
CREATE UNIQUE INDEX "UserSession_auditNumber_key" ON "UserSession"("auditNumber");

-- CreateIndex
CREATE INDEX "UserSession_userId_loginTime_idx" ON "UserSession"("userId", "loginTime");

-- CreateIndex
CREATE INDEX "CompanyMapping_companyCode_categoryCode_idx" ON "CompanyMapping"("companyCode", "categoryCode");

-- CreateIndex
CREATE UNIQUE INDEX "CompanyMapping_partnerId_companyCode_categoryCode_key" ON "CompanyMapping"("partnerId", "companyCode", "categoryCode");

-- CreateIndex
CREATE INDEX "Notification_partnerId_notificationStatus_idx" ON "Notification"("partnerId", "notificationStatus");

-- CreateIndex
CREATE INDEX "PortalMessage_messageTypeId_isActive_idx" ON "PortalMessage"("messageTypeId", "isActive");

-- AddForeignKey
ALTER TABLE "BusinessCategory" ADD CONSTRAINT "BusinessCategory_parentCode_fkey" FOREIGN KEY ("parentCode") REFERENCES "BusinessCategory"("categoryCode") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BusinessCategory" ADD CONSTRAINT "BusinessCategory_companyCode_fkey" FOREIGN KEY ("companyCode") REFERENCES "GroupCompany"("companyCode") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Partner" ADD CONSTRAINT "Partner_countryCode_fkey" FOREIGN KEY ("countryCode") REFERENCES "Country"("countryCode") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UserAccount" ADD CONSTRAINT "UserAccount_partnerId_fkey" FOREIGN KEY ("partnerId") REFERENCES "Partner"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UserSession" ADD CONSTRAINT "UserSession_userId_fkey" FOREIGN KEY ("userId") REFERENCES "UserAccount"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CompanyMapping" ADD CONSTRAINT "CompanyMapping_partnerId_fkey" FOREIGN KEY ("partnerId") REFERENCES "Partner"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CompanyMapping" ADD CONSTRAINT "CompanyMapping_companyCode_fkey" FOREIGN KEY ("companyCode") REFERENCES "GroupCompany"("companyCode") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CompanyMapping" ADD CONSTRAINT "CompanyMapping_categoryCode_fkey" FOREIGN KEY ("categoryCode") REFERENCES "BusinessCategory"("categoryCode") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Notification" ADD CONSTRAINT "Notification_partnerId_fkey" FOREIGN KEY ("partnerId") REFERENCES "Partner"("id") ON DELETE CASCADE ON UPDATE CASCADE;
