-- The shared numbers and their holders, counted as they change (issue 26's cost curve): the
-- forensics dashboard and lists read every holder of every shared number through
-- "PartnerIdentifier", "OnboardingProfile" and "Partner" and paired them in the server (0.04 s at
-- 35,000 partners, 0.33 s at 350,000). "SharedNumber" keeps one row per number more than one
-- partner holds (how many hold it, when it became shared, the companies it was registered in): the
-- dashboard counts those. "SharedHolder" keeps one row per partner holding one (when the partner
-- registered, its number and name, the companies of its profiles holding it): the lists pair,
-- search and page those in SQL. "SharedCount" keeps the dashboard's counts (numbers and pairs per
-- company, kind and month they became shared). Together they replace "SharedIdentifier" (the
-- numbers alone).
CREATE TABLE "SharedNumber" (
    "kind" VARCHAR(10) NOT NULL,
    "value" VARCHAR(100) NOT NULL,
    "holders" INTEGER NOT NULL,
    "sharedAt" TIMESTAMP(3) NOT NULL,
    "companies" INTEGER[],

    CONSTRAINT "SharedNumber_pkey" PRIMARY KEY ("kind", "value")
);

CREATE TABLE "SharedHolder" (
    "kind" VARCHAR(10) NOT NULL,
    "value" VARCHAR(100) NOT NULL,
    "partnerId" INTEGER NOT NULL,
    "registeredAt" TIMESTAMP(3) NOT NULL,
    "partnerNumber" VARCHAR(20) NOT NULL,
    "organizationName" VARCHAR(200) NOT NULL,
    "companies" INTEGER[],

    CONSTRAINT "SharedHolder_pkey" PRIMARY KEY ("kind", "value", "partnerId")
);

CREATE INDEX "SharedHolder_partnerId_idx" ON "SharedHolder"("partnerId");

-- Company 0 counts every company's numbers once.
CREATE TABLE "SharedCount" (
    "companyCode" INTEGER NOT NULL,
    "kind" VARCHAR(10) NOT NULL,
    "month" CHAR(7) NOT NULL,
    "numbers" INTEGER NOT NULL,
    "pairs" INTEGER NOT NULL,

    CONSTRAINT "SharedCount_pkey" PRIMARY KEY ("companyCode", "kind", "month")
);

-- Adds (sign 1) or takes away (-1) what these numbers' "SharedNumber" rows count, row by row in
-- key order.
CREATE FUNCTION pp_shared_count(kinds text[], numbers text[], sign integer) RETURNS void LANGUAGE sql AS $$
    INSERT INTO "SharedCount" ("companyCode", "kind", "month", "numbers", "pairs")
    SELECT c, s.kind, to_char(s."sharedAt", 'YYYY-MM'), sign * count(*), sign * sum(s.holders * (s.holders - 1) / 2)
      FROM "SharedNumber" s
      JOIN (SELECT DISTINCT kind, value FROM unnest(kinds, numbers) AS n(kind, value)) n ON n.kind = s.kind AND n.value = s.value
      CROSS JOIN LATERAL unnest(array_append(s.companies, 0)) AS c
     GROUP BY 1, 2, 3
     ORDER BY 1, 2, 3
    ON CONFLICT ("companyCode", "kind", "month") DO UPDATE
       SET "numbers" = "SharedCount"."numbers" + EXCLUDED."numbers", "pairs" = "SharedCount"."pairs" + EXCLUDED."pairs";
$$;

-- These numbers and their holders, counted again from the registered numbers. A partner's creation
-- time and a profile's company never change, so the numbers a statement wrote are all there is to
-- count again (a partner's number and name are followed by the trigger on "Partner" below).
CREATE FUNCTION pp_shared_holders_refresh(kinds text[], numbers text[]) RETURNS void LANGUAGE sql AS $$
    SELECT pp_shared_count(kinds, numbers, -1);
    DELETE FROM "SharedHolder" s
     USING unnest(kinds, numbers) AS n(kind, value)
     WHERE s.kind = n.kind AND s.value = n.value;
    DELETE FROM "SharedNumber" s
     USING unnest(kinds, numbers) AS n(kind, value)
     WHERE s.kind = n.kind AND s.value = n.value;
    INSERT INTO "SharedHolder" ("kind", "value", "partnerId", "registeredAt", "partnerNumber", "organizationName", "companies")
    SELECT i.kind, i.value, i."partnerId", pt."createdAt", pt."partnerNumber", pt."organizationName",
           array_agg(DISTINCT p."companyCode" ORDER BY p."companyCode")
      FROM (SELECT DISTINCT kind, value FROM unnest(kinds, numbers) AS n(kind, value)) n
      JOIN "PartnerIdentifier" i ON i.kind = n.kind AND i.value = n.value
      JOIN "OnboardingProfile" p ON p.id = i."profileId"
      JOIN "Partner" pt ON pt.id = i."partnerId"
     WHERE EXISTS (SELECT 1 FROM "PartnerIdentifier" o
                    WHERE o.kind = i.kind AND o.value = i.value AND o."partnerId" <> i."partnerId")
     GROUP BY i.kind, i.value, i."partnerId", pt."createdAt", pt."partnerNumber", pt."organizationName";
    -- It became shared when its second holder registered.
    INSERT INTO "SharedNumber" ("kind", "value", "holders", "sharedAt", "companies")
    SELECT h.kind, h.value, count(*), (array_agg(h."registeredAt" ORDER BY h."registeredAt", h."partnerId"))[2],
           (SELECT array_agg(DISTINCT c ORDER BY c) FROM "SharedHolder" x CROSS JOIN LATERAL unnest(x.companies) AS c
             WHERE x.kind = h.kind AND x.value = h.value)
      FROM "SharedHolder" h
      JOIN (SELECT DISTINCT kind, value FROM unnest(kinds, numbers) AS n(kind, value)) n ON n.kind = h.kind AND n.value = h.value
     GROUP BY h.kind, h.value;
    SELECT pp_shared_count(kinds, numbers, 1);
$$;

-- Every shared number counted again (the demo loader, after a COPY with triggers quiet).
CREATE FUNCTION pp_shared_holders_rebuild() RETURNS void LANGUAGE sql AS $$
    DELETE FROM "SharedHolder";
    DELETE FROM "SharedNumber";
    DELETE FROM "SharedCount";
    SELECT pp_shared_holders_refresh(coalesce(array_agg(kind), '{}'), coalesce(array_agg(value), '{}'))
      FROM (SELECT kind, value FROM "PartnerIdentifier" GROUP BY kind, value HAVING count(DISTINCT "partnerId") > 1) shared;
$$;

SELECT pp_shared_holders_rebuild();

-- The triggers of 20261210000000 now count the numbers written and their holders, under the same locks.
CREATE OR REPLACE FUNCTION pp_shared_identifiers() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    kinds text[];
    numbers text[];
BEGIN
    IF TG_OP = 'INSERT' THEN
        SELECT array_agg(kind), array_agg(value) INTO kinds, numbers FROM (SELECT DISTINCT kind, value FROM added) w;
    ELSIF TG_OP = 'DELETE' THEN
        SELECT array_agg(kind), array_agg(value) INTO kinds, numbers FROM (SELECT DISTINCT kind, value FROM gone) w;
    ELSE
        SELECT array_agg(kind), array_agg(value) INTO kinds, numbers
          FROM (SELECT kind, value FROM added UNION SELECT kind, value FROM gone) w;
    END IF;
    IF kinds IS NULL THEN
        RETURN NULL;
    END IF;
    -- The numbers written, locked at once (an update's old and new ones together: never one lock
    -- taken after another a second writer may hold).
    PERFORM pp_shared_identifiers_lock(ARRAY(SELECT k || ':' || v FROM unnest(kinds, numbers) AS n(k, v)));
    -- The counts are a few rows every writer of a shared number changes: one such writer at a time
    -- (taken only when a number written is or becomes shared; never by a writer of its own numbers).
    IF EXISTS (SELECT 1 FROM unnest(kinds, numbers) AS n(kind, value)
                WHERE EXISTS (SELECT 1 FROM "SharedNumber" s WHERE s.kind = n.kind AND s.value = n.value)
                   OR EXISTS (SELECT 1 FROM "PartnerIdentifier" a JOIN "PartnerIdentifier" b
                                ON b.kind = a.kind AND b.value = a.value AND b."partnerId" <> a."partnerId"
                               WHERE a.kind = n.kind AND a.value = n.value)) THEN
        PERFORM pg_advisory_xact_lock(hashtextextended('SharedCount', 0));
    END IF;
    PERFORM pp_shared_holders_refresh(kinds, numbers);
    RETURN NULL;
END $$;

-- A partner renamed (by an admin) or renumbered is searched by its new name in the forensics lists.
CREATE FUNCTION pp_shared_holders_partner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE "SharedHolder" SET "partnerNumber" = NEW."partnerNumber", "organizationName" = NEW."organizationName"
     WHERE "partnerId" = NEW.id;
    RETURN NULL;
END $$;

CREATE TRIGGER "Partner_shared_holders" AFTER UPDATE OF "partnerNumber", "organizationName" ON "Partner"
    FOR EACH ROW
    WHEN (OLD."partnerNumber" IS DISTINCT FROM NEW."partnerNumber" OR OLD."organizationName" IS DISTINCT FROM NEW."organizationName")
    EXECUTE FUNCTION pp_shared_holders_partner();

DROP TABLE "SharedIdentifier";

-- Planned from their statistics at once: without them, the lists' self-join was planned as a
-- nested loop over thousands of holders (1.6 s at 350,000 partners instead of 11 ms).
ANALYZE "SharedNumber", "SharedHolder", "SharedCount";
