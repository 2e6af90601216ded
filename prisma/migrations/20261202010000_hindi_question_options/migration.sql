-- A CHOICE question's options in Hindi, in the options' order (seeded from fixtures/); the answer keeps the option itself.
-- Empty, not NULL, for a question without them (the default fills the rows there are).
ALTER TABLE "OnboardingQuestion" ADD COLUMN "optionsHi" TEXT[] DEFAULT ARRAY[]::TEXT[];
