-- Testimonials: what a partner's own customers said of its work, listed per partner newest first
-- (a partner has tens, so its search filters that partner's rows, not the table).
CREATE TABLE "Testimonial" (
    "id" SERIAL NOT NULL,
    "partnerId" INTEGER NOT NULL,
    "customerName" VARCHAR(200) NOT NULL,
    "givenBy" VARCHAR(100) NOT NULL,
    "designation" VARCHAR(100),
    "projectName" VARCHAR(200),
    "givenOn" DATE NOT NULL,
    "text" TEXT NOT NULL,
    "fileId" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Testimonial_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "Testimonial_partnerId_id_idx" ON "Testimonial"("partnerId", "id" DESC);
ALTER TABLE "Testimonial" ADD CONSTRAINT "Testimonial_partnerId_fkey" FOREIGN KEY ("partnerId") REFERENCES "Partner"("id") ON DELETE CASCADE ON UPDATE CASCADE;
