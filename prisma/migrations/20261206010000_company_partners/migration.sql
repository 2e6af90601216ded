-- Vendor master (issue 24): a company's partners read from one index (its company filter).
CREATE INDEX "CompanyMapping_companyCode_partnerId_idx" ON "CompanyMapping"("companyCode", "partnerId");
