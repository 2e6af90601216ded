-- The vendor master finds a partner by a bank account number alone, which ends the registered
-- "IFSC:account" value: LIKE '%:…' read every bank account registered (p95 49 ms at 35,000
-- partners, 528 ms at 350,000 in npm run bench:scale). An index on the account part, of bank
-- accounts only. Prisma's schema cannot say an index on an expression: schema-drift.test.ts lists it.
CREATE INDEX "PartnerIdentifier_bank_account_idx" ON "PartnerIdentifier" (split_part("value", ':', 2)) WHERE "kind" = 'BANK';
