-- Sign-in attempts are throttled per account name and client address instead of locking the
-- account, which let anyone keep any user out.
ALTER TABLE "UserAccount" DROP COLUMN "failedLoginCount",
DROP COLUMN "lockedUntil";

-- CreateTable
CREATE TABLE "SigninThrottle" (
    "username" VARCHAR(100) NOT NULL,
    "clientAddress" VARCHAR(64) NOT NULL,
    "attempts" INTEGER NOT NULL,
    "lastAttemptAt" TIMESTAMP(3) NOT NULL,
    "blockedUntil" TIMESTAMP(3),

    CONSTRAINT "SigninThrottle_pkey" PRIMARY KEY ("username","clientAddress")
);

-- CreateIndex
CREATE INDEX "SigninThrottle_lastAttemptAt_idx" ON "SigninThrottle"("lastAttemptAt");
