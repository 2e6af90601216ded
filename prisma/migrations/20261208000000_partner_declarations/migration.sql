-- The declarations a partner accepts once for all its companies (whistle-blower policy, undertaking).
CREATE TABLE "PartnerDeclaration" (
    "partnerId" INTEGER NOT NULL,
    "name" VARCHAR(10) NOT NULL,
    "version" VARCHAR(20) NOT NULL,
    "acceptedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PartnerDeclaration_pkey" PRIMARY KEY ("partnerId","name")
);

ALTER TABLE "PartnerDeclaration" ADD CONSTRAINT "PartnerDeclaration_partnerId_fkey" FOREIGN KEY ("partnerId") REFERENCES "Partner"("id") ON DELETE CASCADE ON UPDATE CASCADE;
