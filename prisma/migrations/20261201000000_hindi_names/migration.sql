-- Reference names in Hindi, answered to readers who ask for Hindi (seeded from fixtures/).
ALTER TABLE "Country" ADD COLUMN "countryNameHi" VARCHAR(100);
ALTER TABLE "BusinessCategory" ADD COLUMN "categoryNameHi" VARCHAR(200);
ALTER TABLE "State" ADD COLUMN "stateNameHi" VARCHAR(100);
ALTER TABLE "ReferenceItem" ADD COLUMN "nameHi" VARCHAR(200);
ALTER TABLE "Currency" ADD COLUMN "currencyNameHi" VARCHAR(100);
