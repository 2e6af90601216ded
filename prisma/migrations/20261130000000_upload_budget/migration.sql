-- Uploads within a budget (security finding F1). A file is "used" when a saved form refers to it:
-- every save that names a file stamps it (server/src/lib/stored-files.ts, claimOwnFiles), and the
-- sweeper (server/src/lib/file-sweeper.ts) removes files unused for a day, checking the forms first.
-- Files already stored count from now.
ALTER TABLE "StoredFile" ADD COLUMN "lastUsedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;
CREATE INDEX "StoredFile_lastUsedAt_idx" ON "StoredFile"("lastUsedAt");
-- Demo documents share blobs: a blob goes only when no row names its key any more.
CREATE INDEX "StoredFile_storageKey_idx" ON "StoredFile"("storageKey");
-- Staff documents (a grievance's resolution) are found among every grievance's steps.
CREATE INDEX "GrievanceStep_fileIds_idx" ON "GrievanceStep" USING GIN ("fileIds");
-- A support query's attachment is looked up by its file.
CREATE INDEX "PartnerQuery_attachmentDocId_idx" ON "PartnerQuery"("attachmentDocId");
