-- The partner's profile picture (spec sections 3 and 5): an uploaded file of module PTM.
ALTER TABLE "Partner" ADD COLUMN "profilePictureId" UUID;
