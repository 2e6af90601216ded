-- The support form's query (spec section 3): the helpdesk address it went to, a signed-in
-- partner's attachment, and the page it was asked from.
ALTER TABLE "PartnerQuery" ADD COLUMN "supportEmailId" VARCHAR(100);
ALTER TABLE "PartnerQuery" ADD COLUMN "attachmentDocId" UUID;
ALTER TABLE "PartnerQuery" ADD COLUMN "siteUrl" VARCHAR(300);
