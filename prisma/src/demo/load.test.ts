import { createHash } from 'node:crypto';
import { mkdtemp, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '@pp/testing/database';
import { fileStorePath } from '../file-store-path.ts';
import { seed } from '../seed.ts';
import { DEMO_ID_BASE, DEMO_ID_LIMIT, DEMO_TABLE_NAMES } from './generate.ts';
import { loadDemo, type DemoProgress } from './load.ts';

const { db, url } = await createTestDatabase();
const fileStoreDir = await mkdtemp(path.join(os.tmpdir(), 'demo-files-'));
await seed(db);

async function sql<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** Rows whose foreign key points nowhere, for every foreign key of the schema. */
async function orphans(): Promise<string[]> {
  const keys = await sql<{ name: string; child: string; parent: string; columns: string[]; refs: string[] }>(`
    SELECT c.conname AS name, c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent,
           array(SELECT attname::text FROM unnest(c.conkey) k JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k) AS columns,
           array(SELECT attname::text FROM unnest(c.confkey) k JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k) AS refs
      FROM pg_constraint c WHERE c.contype = 'f'`);
  const found: string[] = [];
  for (const k of keys) {
    const on = k.columns.map((col, i) => `p."${k.refs[i]}" = c."${col}"`).join(' AND ');
    const notNull = k.columns.map((col) => `c."${col}" IS NOT NULL`).join(' AND ');
    const [row] = await sql<{ n: string }>(
      `SELECT count(*) AS n FROM ${k.child} c WHERE ${notNull} AND NOT EXISTS (SELECT 1 FROM ${k.parent} p WHERE ${on})`,
    );
    if (Number(row!.n) > 0) found.push(`${k.name}: ${row!.n}`);
  }
  return found;
}

/** Kept totals that differ from the rows counted again (the demo set is COPYed with triggers quiet). */
async function keptTotalsAstray(): Promise<unknown[]> {
  return sql(`
    SELECT 'partners' AS kept, coalesce(k."companyCode", c."companyCode") AS key, k.partners AS kept_n, c.n AS counted
      FROM "PartnerTally" k
      FULL JOIN (SELECT 0 AS "companyCode", count(*)::int AS n FROM "Partner"
                 UNION ALL SELECT "companyCode", count(DISTINCT "partnerId")::int FROM "CompanyMapping" GROUP BY 1) c
        ON c."companyCode" = k."companyCode"
     WHERE coalesce(k.partners, 0) <> coalesce(c.n, 0)
    UNION ALL
    SELECT 'grievances', NULL, k.grievances, c.n
      FROM "GrievanceTally" k
      FULL JOIN (SELECT international, "companyCode", state, "reasonCode", coalesce("answeredAt" > "dueAt", false) AS late,
                        count(*)::int AS n, sum((extract(epoch FROM "answeredAt" - "submittedAt") * 1000)::bigint) AS ms
                   FROM "Grievance" GROUP BY 1, 2, 3, 4, 5) c
        USING (international, "companyCode", state, "reasonCode", late)
     WHERE coalesce(k.grievances, 0) <> coalesce(c.n, 0) OR coalesce(k."answerMs", 0) <> coalesce(c.ms, 0)
    UNION ALL
    SELECT 'grievance months', NULL, k.grievances, c.n
      FROM "GrievanceMonthTally" k
      FULL JOIN (SELECT international, "companyCode", to_char("submittedAt", 'YYYY-MM') AS month, 'S' AS kind, count(*)::int AS n
                   FROM "Grievance" WHERE state <> 'DRAFT' AND "submittedAt" IS NOT NULL GROUP BY 1, 2, 3
                 UNION ALL
                 SELECT international, "companyCode", to_char("answeredAt", 'YYYY-MM'), 'A', count(*)::int
                   FROM "Grievance" WHERE state <> 'DRAFT' AND "answeredAt" IS NOT NULL GROUP BY 1, 2, 3) c
        USING (international, "companyCode", month, kind)
     WHERE coalesce(k.grievances, 0) <> coalesce(c.n, 0)
    UNION ALL
    SELECT 'open grievances', NULL, k.grievances, c.n
      FROM "GrievanceOpenTally" k
      FULL JOIN (SELECT international, "companyCode", state, "reasonCode", coalesce(date_trunc('hour', "submittedAt"), '-infinity') AS "submittedHour",
                        coalesce(date_trunc('hour', "dueAt"), 'infinity') AS "dueHour", count(*)::int AS n
                   FROM "Grievance" WHERE state IN ('SUBMITTED', 'IN_REVIEW', 'REOPENED') GROUP BY 1, 2, 3, 4, 5, 6) c
        USING (international, "companyCode", state, "reasonCode", "submittedHour", "dueHour")
     WHERE coalesce(k.grievances, 0) <> coalesce(c.n, 0)
    UNION ALL
    SELECT 'queries', k."companyCode", k.queries, c.n
      FROM "PartnerQueryTally" k
      FULL JOIN (SELECT coalesce("companyCode", 0) AS "companyCode", status, source, count(*)::int AS n FROM "PartnerQuery" GROUP BY 1, 2, 3) c
        USING ("companyCode", status, source)
     WHERE coalesce(k.queries, 0) <> coalesce(c.n, 0)
    UNION ALL
    SELECT 'RFQs', k."companyCode", k.rfqs, c.n
      FROM "RfqTally" k
      FULL JOIN (SELECT "companyCode", "businessCode", kind, count(*)::int AS n FROM "Rfq" GROUP BY 1, 2, 3) c
        USING ("companyCode", "businessCode", kind)
     WHERE coalesce(k.rfqs, 0) <> coalesce(c.n, 0)`);
}

const count = async (table: string, where = 'TRUE') =>
  Number(
    (await sql<{ n: string }>(`SELECT count(*) AS n FROM ${table === 'pg_indexes' ? table : `"${table}"`} WHERE ${where}`))[0]!.n,
  );

describe('loading the demo set', () => {
  it('copies every table, with every reference whole, and tells its progress per table', async () => {
    const done: string[] = [];
    const progress: DemoProgress = {
      start: () => undefined,
      rows: () => undefined,
      partners: () => undefined,
      done: (table) => void done.push(table),
      stop: () => undefined,
    };
    const result = await loadDemo({ databaseUrl: url, fileStoreDir, seed: 3, partners: 300, today: '2026-11-25', progress });
    expect(result.skipped).toBe(false);
    expect(done.sort()).toEqual([...DEMO_TABLE_NAMES].sort());
    for (const table of DEMO_TABLE_NAMES) {
      const where = table === 'UserAccount' ? `id >= ${DEMO_ID_BASE}` : 'TRUE';
      if (['Partner', 'UserAccount', 'CompanyMapping', 'OnboardingProfile'].includes(table))
        expect(await count(table, `id >= ${DEMO_ID_BASE}`), table).toBe(result.rows[table]);
      else expect(await count(table, where), table).toBeGreaterThanOrEqual(result.rows[table]!);
    }
    expect(await orphans()).toEqual([]);
    expect(await keptTotalsAstray()).toEqual([]);
    // The secondary indexes were built again (the loader drops them while copying).
    expect(await count('pg_indexes', `indexname = 'WorkflowRequest_title_idx'`)).toBe(1);
    // The workflow's alerts are texts (said in the reader's language), as the server's own are.
    expect(await count('Notification', `"notificationId" >= ${DEMO_ID_BASE} AND "kind" = 'ALERT' AND params ? 'key'`)).toBe(
      await count('Notification', `"notificationId" >= ${DEMO_ID_BASE} AND "kind" = 'ALERT'`),
    );
    expect(await count('Notification', `params->>'key' = 'noticeWelcome'`)).toBeGreaterThan(0);
  });

  it('stores the shared real files the documents point at, with their sizes and hashes', async () => {
    const files = await sql<{ storageKey: string; fileSize: number; sha256: string }>(
      `SELECT DISTINCT "storageKey", "fileSize", sha256 FROM "StoredFile" WHERE "partnerId" >= $1`,
      [DEMO_ID_BASE],
    );
    expect(files.length).toBeGreaterThan(100);
    for (const f of files.slice(0, 50)) {
      const bytes = await readFile(fileStorePath(fileStoreDir, f.storageKey));
      expect(bytes.length).toBe(f.fileSize);
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(f.sha256);
    }
  });

  it('does nothing when the same set is there, and replaces a different one, keeping what users made since', async () => {
    const again = await loadDemo({ databaseUrl: url, fileStoreDir, seed: 3, partners: 300, today: '2026-11-25' });
    expect(again.skipped).toBe(true);

    // A partner who registered after the load gets an id past the demo range, and stays.
    const mine = await db.partner.create({
      data: {
        partnerNumber: 'P5999999',
        organizationName: 'Registered Later Pvt Ltd',
        email: 'later@example.com',
        countryCode: 100,
      },
    });
    expect(mine.id).toBeGreaterThanOrEqual(DEMO_ID_LIMIT);
    // And a demo partner's new grievance goes with its partner.
    const demoPartner = await db.partner.findFirstOrThrow({ where: { id: { gte: DEMO_ID_BASE } }, orderBy: { id: 'asc' } });
    await db.notification.create({ data: { partnerId: demoPartner.id, description: 'made after the load' } });

    const replaced = await loadDemo({ databaseUrl: url, fileStoreDir, seed: 4, partners: 120, today: '2026-11-25' });
    expect(replaced.skipped).toBe(false);
    expect(await count('Partner', `id >= ${DEMO_ID_BASE} AND id < ${DEMO_ID_LIMIT}`)).toBe(120);
    expect(await count('Partner', `id = ${mine.id}`)).toBe(1);
    expect(await count('Notification', `description = 'made after the load'`)).toBe(0);
    expect(await count('Partner', `"partnerNumber" IN ('P0000001', 'P0000002')`)).toBe(2);
    expect(await orphans()).toEqual([]);
    expect(await keptTotalsAstray()).toEqual([]);
  });
});
