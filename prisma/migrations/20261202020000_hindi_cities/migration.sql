-- Cities in Hindi beside the English (seeded from fixtures/), answered to readers who ask for Hindi.
ALTER TABLE "City" ADD COLUMN "cityNameHi" VARCHAR(100);
