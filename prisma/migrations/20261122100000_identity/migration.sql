-- CreateEnum
CREATE TYPE "OtpPurpose" AS ENUM ('REGISTRATION', 'PASSWORD_RESET', 'SUPPORT_EMAIL');

-- CreateEnum
CREATE TYPE "MessageChannel" AS ENUM ('EMAIL', 'SMS');

-- AlterTable
ALTER TABLE "Country" ADD COLUMN     "isdCode" VARCHAR(6) NOT NULL DEFAULT '',
ADD COLUMN     "registrationOpen" BOOLEAN NOT NULL DEFAULT true;

-- AlterTable
ALTER TABLE "Partner" ADD COLUMN     "nationalIdType" VARCHAR(20);

-- AlterTable
ALTER TABLE "UserAccount" ADD COLUMN     "emailVerifiedAt" TIMESTAMP(3),
ADD COLUMN     "passwordChangedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "CompanyMapping" ADD COLUMN     "productCategoryCode" VARCHAR(20),
ADD COLUMN     "subCategoryCode" VARCHAR(20);

-- CreateTable
CREATE TABLE "CountryIdentityCard" (
    "id" SERIAL NOT NULL,
    "countryCode" INTEGER NOT NULL,
    "identityCard" VARCHAR(20) NOT NULL,
    "longDesc" VARCHAR(100) NOT NULL,
    "pattern" VARCHAR(200) NOT NULL,
    "example" VARCHAR(40) NOT NULL,

    CONSTRAINT "CountryIdentityCard_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BusinessTerms" (
    "id" SERIAL NOT NULL,
    "companyCode" INTEGER NOT NULL,
    "categoryCode" VARCHAR(20) NOT NULL,
    "termsHtml" TEXT NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "BusinessTerms_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ControlParameter" (
    "paramKey" VARCHAR(60) NOT NULL,
    "paramValue" TEXT NOT NULL,

    CONSTRAINT "ControlParameter_pkey" PRIMARY KEY ("paramKey")
);

-- CreateTable
CREATE TABLE "Otp" (
    "id" UUID NOT NULL,
    "purpose" "OtpPurpose" NOT NULL,
    "target" VARCHAR(254) NOT NULL,
    "loginName" VARCHAR(100),
    "codeHash" CHAR(64) NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "verifiedAt" TIMESTAMP(3),
    "consumedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "ipAddress" VARCHAR(64),

    CONSTRAINT "Otp_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RateLimitBucket" (
    "key" VARCHAR(300) NOT NULL,
    "windowStart" TIMESTAMP(3) NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "RateLimitBucket_pkey" PRIMARY KEY ("key","windowStart")
);

-- CreateTable
CREATE TABLE "EmailActivation" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "codeHash" CHAR(64) NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "EmailActivation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MailboxMessage" (
    "id" SERIAL NOT NULL,
    "channel" "MessageChannel" NOT NULL,
    "recipient" VARCHAR(254) NOT NULL,
    "sender" VARCHAR(254),
    "subject" VARCHAR(300),
    "textBody" TEXT NOT NULL,
    "htmlBody" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MailboxMessage_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "CountryIdentityCard_countryCode_identityCard_key" ON "CountryIdentityCard"("countryCode", "identityCard");

-- CreateIndex
CREATE UNIQUE INDEX "BusinessTerms_companyCode_categoryCode_key" ON "BusinessTerms"("companyCode", "categoryCode");

-- CreateIndex
CREATE INDEX "Otp_purpose_target_createdAt_idx" ON "Otp"("purpose", "target", "createdAt");

-- CreateIndex
CREATE INDEX "Otp_purpose_loginName_createdAt_idx" ON "Otp"("purpose", "loginName", "createdAt");

-- CreateIndex
CREATE INDEX "RateLimitBucket_windowStart_idx" ON "RateLimitBucket"("windowStart");

-- CreateIndex
CREATE UNIQUE INDEX "EmailActivation_codeHash_key" ON "EmailActivation"("codeHash");

-- CreateIndex
CREATE INDEX "EmailActivation_userId_idx" ON "EmailActivation"("userId");

-- CreateIndex
CREATE INDEX "MailboxMessage_recipient_createdAt_idx" ON "MailboxMessage"("recipient", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Partner_dunsNumber_key" ON "Partner"("dunsNumber");

-- CreateIndex
CREATE INDEX "Partner_mobileNumber_idx" ON "Partner"("mobileNumber");

-- CreateIndex
CREATE UNIQUE INDEX "Partner_countryCode_nationalIdType_nationalId_key" ON "Partner"("countryCode", "nationalIdType", "nationalId");

-- CreateIndex
CREATE INDEX "UserAccount_mobileNumber_idx" ON "UserAccount"("mobileNumber");

-- AddForeignKey
ALTER TABLE "CountryIdentityCard" ADD CONSTRAINT "CountryIdentityCard_countryCode_fkey" FOREIGN KEY ("countryCode") REFERENCES "Country"("countryCode") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EmailActivation" ADD CONSTRAINT "EmailActivation_userId_fkey" FOREIGN KEY ("userId") REFERENCES "UserAccount"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Registered partners get numbers from here (P5000001 on); seeded partners use their row id.
CREATE SEQUENCE "partner_number_seq" START WITH 5000001;
