-- Work one holder may have only so much of at once, across every server: a user's report downloads
-- (issue 66; the attacker's pass of 2026-12-06 had six at once from one user). A row per piece in
-- progress, deleted when it ends; a lease that outlived its server runs out at "expiresAt".
-- Unlogged, as the rate-limit buckets: after a PostgreSQL crash nothing is in progress anyway.
CREATE UNLOGGED TABLE "ConcurrencyLease" (
    "id" UUID NOT NULL,
    "key" VARCHAR(300) NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ConcurrencyLease_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "ConcurrencyLease_key_expiresAt_idx" ON "ConcurrencyLease"("key", "expiresAt");
