-- Texts of the portal in Hindi beside the English, answered to readers who ask for Hindi (seeded from fixtures/).
ALTER TABLE "EmploymentOffice" ADD COLUMN "officeNameHi" VARCHAR(200);
ALTER TABLE "OnboardingQuestion" ADD COLUMN "textHi" TEXT;
ALTER TABLE "FeedbackQuestion" ADD COLUMN "sectionHi" VARCHAR(100);
ALTER TABLE "FeedbackQuestion" ADD COLUMN "textHi" VARCHAR(300);
ALTER TABLE "PortalMessage" ADD COLUMN "messageHi" TEXT;
