-- The customers' statutory look-up finds another customer holding a GSTIN by index.
CREATE INDEX "Customer_gstin_idx" ON "Customer"("gstin");
