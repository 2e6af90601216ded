-- Feedback and evaluation: the questions (reference data from fixtures) and each partner's
-- feedback on a group company per quarter — one row per partner, company and quarter, a draft
-- until it is submitted.
CREATE TABLE "FeedbackQuestion" (
    "questionId" INTEGER NOT NULL,
    "section" VARCHAR(100) NOT NULL,
    "kind" VARCHAR(10) NOT NULL,
    "mandatory" BOOLEAN NOT NULL,
    "text" VARCHAR(300) NOT NULL,
    "sortOrder" INTEGER NOT NULL,
    "isActive" BOOLEAN NOT NULL DEFAULT true,

    CONSTRAINT "FeedbackQuestion_pkey" PRIMARY KEY ("questionId")
);

CREATE TABLE "Feedback" (
    "id" SERIAL NOT NULL,
    "partnerId" INTEGER NOT NULL,
    "companyCode" INTEGER NOT NULL,
    "period" VARCHAR(20) NOT NULL,
    "status" VARCHAR(10) NOT NULL,
    "answers" JSONB NOT NULL,
    "averageRating" DOUBLE PRECISION,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "submittedAt" TIMESTAMP(3),

    CONSTRAINT "Feedback_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "Feedback_partnerId_companyCode_period_key" ON "Feedback"("partnerId", "companyCode", "period");
CREATE INDEX "Feedback_partnerId_companyCode_status_id_idx" ON "Feedback"("partnerId", "companyCode", "status", "id" DESC);
ALTER TABLE "Feedback" ADD CONSTRAINT "Feedback_partnerId_fkey" FOREIGN KEY ("partnerId") REFERENCES "Partner"("id") ON DELETE CASCADE ON UPDATE CASCADE;
