-- The shared-number triggers (20261211000000_shared_holders) counted every number a statement wrote
-- again, six statements on every profile save, even for numbers no other partner holds, where
-- there is nothing to count. They now count only the numbers that are or become shared: the test
-- they ask already decided which writers take the counts' lock.
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
    -- Only a number that is or becomes shared has anything to count again (a draft's own numbers,
    -- which no one else holds, have not): those writers also take the counts' lock, as the counts
    -- are a few rows every one of them changes.
    IF EXISTS (SELECT 1 FROM unnest(kinds, numbers) AS n(kind, value)
                WHERE EXISTS (SELECT 1 FROM "SharedNumber" s WHERE s.kind = n.kind AND s.value = n.value)
                   OR EXISTS (SELECT 1 FROM "PartnerIdentifier" a JOIN "PartnerIdentifier" b
                                ON b.kind = a.kind AND b.value = a.value AND b."partnerId" <> a."partnerId"
                               WHERE a.kind = n.kind AND a.value = n.value)) THEN
        PERFORM pg_advisory_xact_lock(hashtextextended('SharedCount', 0));
        PERFORM pp_shared_holders_refresh(kinds, numbers);
    END IF;
    RETURN NULL;
END $$;
