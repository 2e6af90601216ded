-- The RFQ list's total from the index alone (issue 26's cost curve): its filters (whether an RFQ
-- has opened, its kind) were read from each row, so counting a partner's 9,352 open RFQs at
-- 350,000 partners read every row (11 ms). With them in the index's key, after the id that keeps
-- its order, the count is an index-only scan and the page still walks the index in closing order.
DROP INDEX "Rfq_companyCode_businessCode_closingAt_id_idx";
CREATE INDEX "Rfq_companyCode_businessCode_closingAt_id_openingAt_kind_idx" ON "Rfq"("companyCode", "businessCode", "closingAt", "id", "openingAt", "kind");
