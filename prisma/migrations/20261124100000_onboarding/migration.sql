-- Onboarding (issue 9): reference data of the forms, one profile per partner, company and
-- business with its parts, list rows, answers and files, the identifiers duplicates are found
-- by, and the first workflow step. The onboarding status moves from the partner to the profile:
-- each company and business is onboarded on its own.

-- CreateTable
CREATE TABLE "State" (
    "stateId" INTEGER NOT NULL,
    "countryCode" INTEGER NOT NULL,
    "stateName" VARCHAR(100) NOT NULL,
    "gstStateCode" CHAR(2),

    CONSTRAINT "State_pkey" PRIMARY KEY ("stateId")
);

-- CreateTable
CREATE TABLE "City" (
    "cityId" INTEGER NOT NULL,
    "stateId" INTEGER NOT NULL,
    "cityName" VARCHAR(100) NOT NULL,

    CONSTRAINT "City_pkey" PRIMARY KEY ("cityId")
);

-- CreateTable
CREATE TABLE "Bank" (
    "bankCode" CHAR(4) NOT NULL,
    "bankName" VARCHAR(200) NOT NULL,
    "swiftCode" VARCHAR(11),

    CONSTRAINT "Bank_pkey" PRIMARY KEY ("bankCode")
);

-- CreateTable
CREATE TABLE "BankBranch" (
    "ifsc" CHAR(11) NOT NULL,
    "bankCode" CHAR(4) NOT NULL,
    "branchName" VARCHAR(200) NOT NULL,
    "address" VARCHAR(300) NOT NULL,
    "cityName" VARCHAR(100) NOT NULL,
    "stateId" INTEGER NOT NULL,
    "micr" CHAR(9),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "BankBranch_pkey" PRIMARY KEY ("ifsc")
);

-- CreateTable
CREATE TABLE "ReferenceItem" (
    "listCode" VARCHAR(30) NOT NULL,
    "code" VARCHAR(20) NOT NULL,
    "name" VARCHAR(200) NOT NULL,
    "parentCode" VARCHAR(20),
    "companyCode" INTEGER,
    "attributes" JSONB,
    "sortOrder" INTEGER NOT NULL,

    CONSTRAINT "ReferenceItem_pkey" PRIMARY KEY ("listCode","code")
);

-- CreateTable
CREATE TABLE "Currency" (
    "currencyCode" CHAR(3) NOT NULL,
    "currencyName" VARCHAR(100) NOT NULL,
    "symbol" VARCHAR(10) NOT NULL,
    "countryCodes" INTEGER[],
    "units" JSONB NOT NULL,
    "sortOrder" INTEGER NOT NULL,

    CONSTRAINT "Currency_pkey" PRIMARY KEY ("currencyCode")
);

-- CreateTable
CREATE TABLE "EmploymentOffice" (
    "officeCode" VARCHAR(20) NOT NULL,
    "kind" VARCHAR(3) NOT NULL,
    "officeName" VARCHAR(200) NOT NULL,
    "address" VARCHAR(300) NOT NULL,
    "stateId" INTEGER NOT NULL,

    CONSTRAINT "EmploymentOffice_pkey" PRIMARY KEY ("officeCode")
);

-- CreateTable
CREATE TABLE "OnboardingModule" (
    "moduleCode" VARCHAR(3) NOT NULL,
    "moduleName" VARCHAR(100) NOT NULL,
    "sortOrder" INTEGER NOT NULL,

    CONSTRAINT "OnboardingModule_pkey" PRIMARY KEY ("moduleCode")
);

-- CreateTable
CREATE TABLE "OnboardingQuestion" (
    "questionId" INTEGER NOT NULL,
    "moduleCode" VARCHAR(3) NOT NULL,
    "companyCode" INTEGER,
    "categoryCode" VARCHAR(20),
    "applies" VARCHAR(2) NOT NULL,
    "kind" VARCHAR(10) NOT NULL,
    "mandatory" BOOLEAN NOT NULL,
    "isStatic" BOOLEAN NOT NULL DEFAULT false,
    "hasExpiry" BOOLEAN NOT NULL DEFAULT false,
    "options" TEXT[],
    "text" TEXT NOT NULL,
    "isActive" BOOLEAN NOT NULL DEFAULT true,

    CONSTRAINT "OnboardingQuestion_pkey" PRIMARY KEY ("questionId")
);

-- CreateTable
CREATE TABLE "DeclarationText" (
    "companyCode" INTEGER NOT NULL,
    "declarationHtml" TEXT NOT NULL,
    "tdsDeclarationHtml" TEXT NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "updatedByUserId" INTEGER,

    CONSTRAINT "DeclarationText_pkey" PRIMARY KEY ("companyCode")
);

-- CreateTable
CREATE TABLE "FileTypeRule" (
    "moduleCode" VARCHAR(10) NOT NULL,
    "fileType" VARCHAR(10) NOT NULL,

    CONSTRAINT "FileTypeRule_pkey" PRIMARY KEY ("moduleCode","fileType")
);

-- CreateTable
CREATE TABLE "OnboardingProfile" (
    "id" SERIAL NOT NULL,
    "partnerId" INTEGER NOT NULL,
    "companyCode" INTEGER NOT NULL,
    "categoryCode" VARCHAR(20) NOT NULL,
    "status" "OnboardStatus" NOT NULL DEFAULT 'Edit',
    "requestNumber" VARCHAR(30),
    "submittedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "OnboardingProfile_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OnboardingPart" (
    "profileId" INTEGER NOT NULL,
    "partName" VARCHAR(30) NOT NULL,
    "data" JSONB NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "OnboardingPart_pkey" PRIMARY KEY ("profileId","partName")
);

-- CreateTable
CREATE TABLE "OnboardingRow" (
    "id" SERIAL NOT NULL,
    "profileId" INTEGER NOT NULL,
    "listName" VARCHAR(30) NOT NULL,
    "data" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "OnboardingRow_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OnboardingAnswer" (
    "profileId" INTEGER NOT NULL,
    "questionId" INTEGER NOT NULL,
    "value" TEXT,
    "expiryDate" DATE,
    "fileIds" TEXT[],
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "OnboardingAnswer_pkey" PRIMARY KEY ("profileId","questionId")
);

-- CreateTable
CREATE TABLE "StoredFile" (
    "id" UUID NOT NULL,
    "ownerUserId" INTEGER NOT NULL,
    "partnerId" INTEGER,
    "moduleCode" VARCHAR(10) NOT NULL,
    "fileName" VARCHAR(255) NOT NULL,
    "fileType" VARCHAR(10) NOT NULL,
    "mediaType" VARCHAR(100) NOT NULL,
    "fileSize" INTEGER NOT NULL,
    "sha256" CHAR(64) NOT NULL,
    "storageKey" VARCHAR(100) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StoredFile_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PartnerIdentifier" (
    "id" SERIAL NOT NULL,
    "kind" VARCHAR(10) NOT NULL,
    "value" VARCHAR(60) NOT NULL,
    "partnerId" INTEGER NOT NULL,
    "profileId" INTEGER NOT NULL,

    CONSTRAINT "PartnerIdentifier_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WorkflowRecord" (
    "id" SERIAL NOT NULL,
    "profileId" INTEGER NOT NULL,
    "requestNumber" VARCHAR(30) NOT NULL,
    "action" VARCHAR(20) NOT NULL,
    "fromStatus" VARCHAR(30),
    "toStatus" VARCHAR(30) NOT NULL,
    "actorUserId" INTEGER NOT NULL,
    "remarks" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WorkflowRecord_pkey" PRIMARY KEY ("id")
);

-- Request numbers of submitted profiles (ONB-<company>-<year>-<number>).
CREATE SEQUENCE "onboarding_request_number_seq";

-- CreateIndex
CREATE INDEX "State_countryCode_idx" ON "State"("countryCode");
CREATE INDEX "City_stateId_idx" ON "City"("stateId");
CREATE INDEX "BankBranch_bankCode_idx" ON "BankBranch"("bankCode");
CREATE INDEX "ReferenceItem_listCode_parentCode_idx" ON "ReferenceItem"("listCode", "parentCode");
CREATE INDEX "EmploymentOffice_kind_idx" ON "EmploymentOffice"("kind");
CREATE INDEX "OnboardingQuestion_moduleCode_idx" ON "OnboardingQuestion"("moduleCode");
CREATE UNIQUE INDEX "OnboardingProfile_requestNumber_key" ON "OnboardingProfile"("requestNumber");
CREATE INDEX "OnboardingProfile_status_idx" ON "OnboardingProfile"("status");
CREATE UNIQUE INDEX "OnboardingProfile_partnerId_companyCode_categoryCode_key" ON "OnboardingProfile"("partnerId", "companyCode", "categoryCode");
CREATE INDEX "OnboardingRow_profileId_listName_id_idx" ON "OnboardingRow"("profileId", "listName", "id");
CREATE INDEX "StoredFile_partnerId_idx" ON "StoredFile"("partnerId");
CREATE INDEX "StoredFile_ownerUserId_idx" ON "StoredFile"("ownerUserId");
CREATE UNIQUE INDEX "PartnerIdentifier_profileId_kind_value_key" ON "PartnerIdentifier"("profileId", "kind", "value");
CREATE INDEX "PartnerIdentifier_kind_value_idx" ON "PartnerIdentifier"("kind", "value");
CREATE INDEX "WorkflowRecord_requestNumber_idx" ON "WorkflowRecord"("requestNumber");
CREATE INDEX "WorkflowRecord_profileId_createdAt_idx" ON "WorkflowRecord"("profileId", "createdAt");

-- AddForeignKey
ALTER TABLE "City" ADD CONSTRAINT "City_stateId_fkey" FOREIGN KEY ("stateId") REFERENCES "State"("stateId") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "BankBranch" ADD CONSTRAINT "BankBranch_bankCode_fkey" FOREIGN KEY ("bankCode") REFERENCES "Bank"("bankCode") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "OnboardingProfile" ADD CONSTRAINT "OnboardingProfile_partnerId_fkey" FOREIGN KEY ("partnerId") REFERENCES "Partner"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "OnboardingPart" ADD CONSTRAINT "OnboardingPart_profileId_fkey" FOREIGN KEY ("profileId") REFERENCES "OnboardingProfile"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "OnboardingRow" ADD CONSTRAINT "OnboardingRow_profileId_fkey" FOREIGN KEY ("profileId") REFERENCES "OnboardingProfile"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "OnboardingAnswer" ADD CONSTRAINT "OnboardingAnswer_profileId_fkey" FOREIGN KEY ("profileId") REFERENCES "OnboardingProfile"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "PartnerIdentifier" ADD CONSTRAINT "PartnerIdentifier_profileId_fkey" FOREIGN KEY ("profileId") REFERENCES "OnboardingProfile"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "WorkflowRecord" ADD CONSTRAINT "WorkflowRecord_profileId_fkey" FOREIGN KEY ("profileId") REFERENCES "OnboardingProfile"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The status a partner had becomes the status of its current profile.
INSERT INTO "OnboardingProfile" ("partnerId", "companyCode", "categoryCode", "status", "updatedAt")
SELECT "id", "currentCompanyCode", "currentCategoryCode", "onboardStatus", CURRENT_TIMESTAMP
FROM "Partner"
WHERE "onboardStatus" <> 'Edit' AND "currentCompanyCode" IS NOT NULL AND "currentCategoryCode" IS NOT NULL;

-- AlterTable
ALTER TABLE "Partner" DROP COLUMN "onboardStatus";
