-- The numbers more than one partner holds (issue 26's cost curve): the forensics lists started from
-- a GROUP BY over every registered number, which grows with the partners (0.3 s at 35,000, 2.4 s
-- at 350,000). This table holds just the shared (kind, value) pairs, kept by statement triggers on
-- "PartnerIdentifier", so the lists start from the numbers that are shared.
CREATE TABLE "SharedIdentifier" (
    "kind" VARCHAR(10) NOT NULL,
    "value" VARCHAR(100) NOT NULL,

    CONSTRAINT "SharedIdentifier_pkey" PRIMARY KEY ("kind", "value")
);

INSERT INTO "SharedIdentifier" ("kind", "value")
SELECT kind, value FROM "PartnerIdentifier" GROUP BY kind, value HAVING count(DISTINCT "partnerId") > 1;

-- Two writers of one number each see only their own new row until the other commits; so each takes
-- a transaction lock on the numbers it wrote, and the second one's check, run once the first has
-- committed, sees both. A statement writing many numbers (an admin's merge, a cascade) takes one
-- lock for all of them instead of a lock each: the shared lock every small writer also takes.
CREATE FUNCTION pp_shared_identifiers_lock(numbers text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    IF cardinality(numbers) > 256 THEN
        PERFORM pg_advisory_xact_lock(hashtextextended('SharedIdentifier', 0));
    ELSE
        PERFORM pg_advisory_xact_lock_shared(hashtextextended('SharedIdentifier', 0));
        PERFORM pg_advisory_xact_lock(hashtextextended(n, 0)) FROM unnest(numbers) AS n ORDER BY n;
    END IF;
END $$;

CREATE FUNCTION pp_shared_identifiers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    -- The numbers written, locked at once (an update's old and new ones together: never one lock
    -- taken after another a second writer may hold).
    IF TG_OP = 'INSERT' THEN
        PERFORM pp_shared_identifiers_lock(ARRAY(SELECT DISTINCT kind || ':' || value FROM added));
    ELSIF TG_OP = 'DELETE' THEN
        PERFORM pp_shared_identifiers_lock(ARRAY(SELECT DISTINCT kind || ':' || value FROM gone));
    ELSE
        PERFORM pp_shared_identifiers_lock(ARRAY(
            SELECT kind || ':' || value FROM added UNION SELECT kind || ':' || value FROM gone));
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
        INSERT INTO "SharedIdentifier" ("kind", "value")
        SELECT DISTINCT a.kind, a.value FROM added a
         WHERE EXISTS (SELECT 1 FROM "PartnerIdentifier" i
                        WHERE i.kind = a.kind AND i.value = a.value AND i."partnerId" <> a."partnerId")
        ON CONFLICT DO NOTHING;
    END IF;
    IF TG_OP IN ('DELETE', 'UPDATE') THEN
        DELETE FROM "SharedIdentifier" s
         USING (SELECT DISTINCT kind, value FROM gone) g
         WHERE s.kind = g.kind AND s.value = g.value
           AND NOT EXISTS (SELECT 1 FROM "PartnerIdentifier" a JOIN "PartnerIdentifier" b
                             ON b.kind = a.kind AND b.value = a.value AND b."partnerId" <> a."partnerId"
                            WHERE a.kind = g.kind AND a.value = g.value);
    END IF;
    RETURN NULL;
END $$;

-- Transition tables are allowed on triggers of one event only: three triggers.
CREATE TRIGGER "PartnerIdentifier_shared_insert" AFTER INSERT ON "PartnerIdentifier"
    REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION pp_shared_identifiers();
CREATE TRIGGER "PartnerIdentifier_shared_update" AFTER UPDATE ON "PartnerIdentifier"
    REFERENCING OLD TABLE AS gone NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION pp_shared_identifiers();
CREATE TRIGGER "PartnerIdentifier_shared_delete" AFTER DELETE ON "PartnerIdentifier"
    REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION pp_shared_identifiers();
