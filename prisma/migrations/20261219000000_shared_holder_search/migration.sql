-- The forensics comparison searched (issue 26's cost curve): a search lowered and matched every
-- holder of the kind before pairing them (0.7 -> 5.6 ms for the statement from 35,000 to 350,000
-- partners). Trigram indexes on the three lowered columns hand over the holders that match.
CREATE INDEX "SharedHolder_value_search_idx" ON "SharedHolder" USING gin (lower("value") gin_trgm_ops);
CREATE INDEX "SharedHolder_name_search_idx" ON "SharedHolder" USING gin (lower("organizationName") gin_trgm_ops);
CREATE INDEX "SharedHolder_number_search_idx" ON "SharedHolder" USING gin (lower("partnerNumber") gin_trgm_ops);
