-- Vendor master (issue 24): partners found by part of their name over a trigram index.
CREATE INDEX "Partner_organizationName_trgm_idx" ON "Partner" USING GIN ("organizationName" gin_trgm_ops);
