-- The group companies' declarations in Hindi beside the English (seeded from fixtures/), answered to readers who ask for Hindi.
ALTER TABLE "DeclarationText" ADD COLUMN "declarationHtmlHi" TEXT;
ALTER TABLE "DeclarationText" ADD COLUMN "tdsDeclarationHtmlHi" TEXT;
