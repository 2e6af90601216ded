-- Totals the staff lists show before anything is searched, kept as rows are written (issue 26's
-- cost curve): the vendor master counted every partner on each page (20 ms at 35,000 partners,
-- 80 ms at 350,000) and the staff grievance lists every grievance of their scope (15 → 37 ms).
-- A page of either is read from an index in the same time at both sizes; now its total is too.

-- Partners per company they are mapped to (company 0: every partner).
CREATE TABLE "PartnerTally" (
    "companyCode" INTEGER NOT NULL,
    "partners" INTEGER NOT NULL,

    CONSTRAINT "PartnerTally_pkey" PRIMARY KEY ("companyCode")
);

-- Grievances per scope, company, state and reason.
CREATE TABLE "GrievanceTally" (
    "international" BOOLEAN NOT NULL,
    "companyCode" INTEGER NOT NULL,
    "state" VARCHAR(20) NOT NULL,
    "reasonCode" VARCHAR(30) NOT NULL,
    "grievances" INTEGER NOT NULL,

    CONSTRAINT "GrievanceTally_pkey" PRIMARY KEY ("international", "companyCode", "state", "reasonCode")
);

-- Adds what a statement changed, in key order (two statements never wait on each other's rows in
-- opposite orders).
CREATE FUNCTION pp_partner_tally_add(deltas jsonb) RETURNS void LANGUAGE sql AS $$
    INSERT INTO "PartnerTally" ("companyCode", "partners")
    SELECT (d->>'companyCode')::int, sum((d->>'n')::int) FROM jsonb_array_elements(deltas) d
     GROUP BY 1 HAVING sum((d->>'n')::int) <> 0 ORDER BY 1
    ON CONFLICT ("companyCode") DO UPDATE SET "partners" = "PartnerTally"."partners" + EXCLUDED."partners";
$$;

CREATE FUNCTION pp_partner_tally() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        PERFORM pp_partner_tally_add(jsonb_build_array(jsonb_build_object('companyCode', 0, 'n', (SELECT count(*) FROM added))));
    ELSE
        PERFORM pp_partner_tally_add(jsonb_build_array(jsonb_build_object('companyCode', 0, 'n', -(SELECT count(*) FROM gone))));
    END IF;
    RETURN NULL;
END $$;

CREATE TRIGGER "Partner_tally_insert" AFTER INSERT ON "Partner"
    REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION pp_partner_tally();
CREATE TRIGGER "Partner_tally_delete" AFTER DELETE ON "Partner"
    REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION pp_partner_tally();

-- A partner counts in a company while it has a mapping there (one per business). The partners
-- written are locked first, so two statements mapping one partner see each other's rows (each
-- statement here reads anew after the lock).
CREATE FUNCTION pp_mapping_tally() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    deltas jsonb;
BEGIN
    IF TG_OP = 'INSERT' THEN
        PERFORM pg_advisory_xact_lock(26001, p) FROM (SELECT DISTINCT "partnerId" AS p FROM added ORDER BY 1) x;
        -- New in the company: every mapping of the partner there is one this statement added.
        SELECT jsonb_agg(jsonb_build_object('companyCode', a."companyCode", 'n', 1)) INTO deltas
          FROM (SELECT "partnerId", "companyCode", count(*) AS n FROM added GROUP BY 1, 2) a
         WHERE (SELECT count(*) FROM "CompanyMapping" m WHERE m."partnerId" = a."partnerId" AND m."companyCode" = a."companyCode") = a.n;
    ELSIF TG_OP = 'DELETE' THEN
        PERFORM pg_advisory_xact_lock(26001, p) FROM (SELECT DISTINCT "partnerId" AS p FROM gone ORDER BY 1) x;
        SELECT jsonb_agg(jsonb_build_object('companyCode', g."companyCode", 'n', -1)) INTO deltas
          FROM (SELECT DISTINCT "partnerId", "companyCode" FROM gone) g
         WHERE NOT EXISTS (SELECT 1 FROM "CompanyMapping" m WHERE m."partnerId" = g."partnerId" AND m."companyCode" = g."companyCode");
    ELSE
        PERFORM pg_advisory_xact_lock(26001, p)
           FROM (SELECT "partnerId" AS p FROM added UNION SELECT "partnerId" FROM gone ORDER BY 1) x;
        -- A pair's presence before the statement: its rows now, less those added, plus those gone.
        SELECT jsonb_agg(jsonb_build_object('companyCode', t."companyCode", 'n', (t.now > 0)::int - (t.now - t.added + t.gone > 0)::int))
          INTO deltas
          FROM (SELECT k."partnerId", k."companyCode",
                       (SELECT count(*) FROM "CompanyMapping" m WHERE m."partnerId" = k."partnerId" AND m."companyCode" = k."companyCode") AS now,
                       (SELECT count(*) FROM added a WHERE a."partnerId" = k."partnerId" AND a."companyCode" = k."companyCode") AS added,
                       (SELECT count(*) FROM gone g WHERE g."partnerId" = k."partnerId" AND g."companyCode" = k."companyCode") AS gone
                  FROM (SELECT "partnerId", "companyCode" FROM added UNION SELECT "partnerId", "companyCode" FROM gone) k) t;
    END IF;
    IF deltas IS NOT NULL THEN
        PERFORM pp_partner_tally_add(deltas);
    END IF;
    RETURN NULL;
END $$;

CREATE TRIGGER "CompanyMapping_tally_insert" AFTER INSERT ON "CompanyMapping"
    REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION pp_mapping_tally();
CREATE TRIGGER "CompanyMapping_tally_update" AFTER UPDATE ON "CompanyMapping"
    REFERENCING OLD TABLE AS gone NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION pp_mapping_tally();
CREATE TRIGGER "CompanyMapping_tally_delete" AFTER DELETE ON "CompanyMapping"
    REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION pp_mapping_tally();

-- A statement's grievances counted out of their old group and into their new one (an update that
-- moves none, such as a new title, writes nothing here).
CREATE FUNCTION pp_grievance_tally() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO "GrievanceTally" ("international", "companyCode", "state", "reasonCode", "grievances")
        SELECT international, "companyCode", state, "reasonCode", count(*) FROM added GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
        ON CONFLICT ("international", "companyCode", "state", "reasonCode")
        DO UPDATE SET "grievances" = "GrievanceTally"."grievances" + EXCLUDED."grievances";
    ELSIF TG_OP = 'DELETE' THEN
        INSERT INTO "GrievanceTally" ("international", "companyCode", "state", "reasonCode", "grievances")
        SELECT international, "companyCode", state, "reasonCode", -count(*) FROM gone GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
        ON CONFLICT ("international", "companyCode", "state", "reasonCode")
        DO UPDATE SET "grievances" = "GrievanceTally"."grievances" + EXCLUDED."grievances";
    ELSE
        INSERT INTO "GrievanceTally" ("international", "companyCode", "state", "reasonCode", "grievances")
        SELECT international, "companyCode", state, "reasonCode", sum(n)
          FROM (SELECT international, "companyCode", state, "reasonCode", 1 AS n FROM added
                UNION ALL
                SELECT international, "companyCode", state, "reasonCode", -1 FROM gone) moved
         GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0 ORDER BY 1, 2, 3, 4
        ON CONFLICT ("international", "companyCode", "state", "reasonCode")
        DO UPDATE SET "grievances" = "GrievanceTally"."grievances" + EXCLUDED."grievances";
    END IF;
    RETURN NULL;
END $$;

CREATE TRIGGER "Grievance_tally_insert" AFTER INSERT ON "Grievance"
    REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION pp_grievance_tally();
CREATE TRIGGER "Grievance_tally_update" AFTER UPDATE ON "Grievance"
    REFERENCING OLD TABLE AS gone NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION pp_grievance_tally();
CREATE TRIGGER "Grievance_tally_delete" AFTER DELETE ON "Grievance"
    REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION pp_grievance_tally();

-- Every total counted again (the demo loader, after a COPY with triggers quiet, and after removing
-- a demo set with these triggers off).
CREATE FUNCTION pp_kept_totals_rebuild() RETURNS void LANGUAGE sql AS $$
    DELETE FROM "PartnerTally";
    INSERT INTO "PartnerTally" ("companyCode", "partners")
    SELECT 0, count(*) FROM "Partner"
    UNION ALL
    SELECT "companyCode", count(DISTINCT "partnerId") FROM "CompanyMapping" GROUP BY 1;
    DELETE FROM "GrievanceTally";
    INSERT INTO "GrievanceTally" ("international", "companyCode", "state", "reasonCode", "grievances")
    SELECT international, "companyCode", state, "reasonCode", count(*) FROM "Grievance" GROUP BY 1, 2, 3, 4;
$$;

SELECT pp_kept_totals_rebuild();
