-- Alerts & Reminders (/partnerreminder): a notification is an alert written by the group or a
-- reminder the server makes from the partner's own data (a document expiring). A reminder carries
-- what it is about as parameters, so the page words it in the reader's language, and a key that
-- makes it once per document and expiry date however often the list is read.
ALTER TABLE "Notification" ADD COLUMN "kind" VARCHAR(10) NOT NULL DEFAULT 'ALERT';
ALTER TABLE "Notification" ADD COLUMN "dedupeKey" VARCHAR(120);
ALTER TABLE "Notification" ADD COLUMN "params" JSONB;

CREATE UNIQUE INDEX "Notification_partnerId_dedupeKey_key" ON "Notification"("partnerId", "dedupeKey");
CREATE INDEX "Notification_partnerId_notificationId_idx" ON "Notification"("partnerId", "notificationId" DESC);
CREATE INDEX "Notification_partnerId_kind_notificationId_idx" ON "Notification"("partnerId", "kind", "notificationId" DESC);

