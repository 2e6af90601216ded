-- Trigram search of the workbench (organisation name, partner number).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateTable
CREATE TABLE "WorkflowRequest" (
    "id" SERIAL NOT NULL,
    "requestNumber" VARCHAR(30) NOT NULL,
    "flow" VARCHAR(20) NOT NULL,
    "state" VARCHAR(30) NOT NULL,
    "sentBackFrom" VARCHAR(30),
    "desk" "UserRole",
    "companyCode" INTEGER NOT NULL,
    "profileId" INTEGER,
    "partnerId" INTEGER,
    "title" VARCHAR(300) NOT NULL,
    "submittedAt" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "WorkflowRequest_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "WorkflowRequest_requestNumber_key" ON "WorkflowRequest"("requestNumber");
CREATE INDEX "WorkflowRequest_desk_companyCode_id_idx" ON "WorkflowRequest"("desk", "companyCode", "id" DESC);
CREATE INDEX "WorkflowRequest_profileId_idx" ON "WorkflowRequest"("profileId");
CREATE INDEX "WorkflowRequest_title_idx" ON "WorkflowRequest" USING GIN ("title" gin_trgm_ops);

-- AddForeignKey
ALTER TABLE "WorkflowRequest" ADD CONSTRAINT "WorkflowRequest_profileId_fkey" FOREIGN KEY ("profileId") REFERENCES "OnboardingProfile"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- One-time tickets of the group's sign-in stand-in.
CREATE TABLE "SsoTicket" (
    "id" CHAR(64) NOT NULL,
    "userId" INTEGER NOT NULL,
    "companyCode" INTEGER NOT NULL,
    "jobCode" VARCHAR(40),
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SsoTicket_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "SsoTicket_userId_idx" ON "SsoTicket"("userId");

ALTER TABLE "SsoTicket" ADD CONSTRAINT "SsoTicket_userId_fkey" FOREIGN KEY ("userId") REFERENCES "UserAccount"("id") ON DELETE CASCADE ON UPDATE CASCADE;
