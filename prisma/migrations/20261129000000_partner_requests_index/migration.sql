-- Partner Status lists a partner's requests newest first: found by the query-plan test over the
-- 35,000-partner demo set, which read the whole table for it.
CREATE INDEX "WorkflowRequest_partnerId_id_idx" ON "WorkflowRequest"("partnerId", "id" DESC);
