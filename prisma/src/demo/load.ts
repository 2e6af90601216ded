import { once } from 'node:events';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { fixtures } from '@pp/fixtures';
import { hashPassword } from '../passwords.ts';
import { writeDemoFiles } from './files.ts';
import {
  DEMO_ID_BASE,
  DEMO_ID_LIMIT,
  DEMO_NUMBER_LIMIT,
  DEMO_REAL_FILES,
  DEMO_TABLES,
  DEMO_TABLE_NAMES,
  demoFileId,
  generateDemo,
  type DemoInput,
  type DemoSummary,
  type DemoTable,
} from './generate.ts';

/** What the loader tells as it goes: a table's rows so far, and when a table is done. */
export interface DemoProgress {
  start(tables: readonly DemoTable[], partners: number): void;
  rows(table: DemoTable, written: number, estimate: number): void;
  partners(done: number): void;
  done(table: DemoTable, rows: number): void;
  stop(): void;
}

export interface DemoLoadResult {
  skipped: boolean;
  summary: DemoSummary | null;
  rows: Partial<Record<DemoTable, number>>;
  totalRows: number;
  ms: number;
  /** Of which removing the set loaded before. */
  removedMs?: number;
}

/** Where the loaded set is recorded: loading the same set again is a no-op. */
export const DEMO_MARKER_KEY = 'demo.dataset';
/** The generator's version: a change to what it makes loads the set again. */
const GENERATOR_VERSION = 4;

/** One value in PostgreSQL's COPY text format. */
const SPECIAL = /[\\\t\n\r]/;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
function copyValue(v: unknown): string {
  if (v === null || v === undefined) return '\\N';
  if (typeof v === 'number') return String(v);
  if (typeof v === 'boolean') return v ? 't' : 'f';
  const text =
    typeof v === 'string'
      ? v
      : Array.isArray(v)
        ? `{${v.map((x) => `"${String(x).replace(/["\\]/g, '\\$&')}"`).join(',')}}`
        : JSON.stringify(v);
  return SPECIAL.test(text) ? text.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c]!) : text;
}
export const copyLine = (row: readonly unknown[]) => `${row.map(copyValue).join('\t')}\n`;

/** Tables keyed otherwise (by their profile, sender or UUID): removed on their own, not by an id range. */
const WITHOUT_ID: readonly DemoTable[] = ['OnboardingPart', 'OnboardingAnswer', 'ChatConversation', 'StoredFile'];
/** The column a table's demo ids are in, or null for a table without one. */
const idColumnOf = (table: DemoTable) => (WITHOUT_ID.includes(table) ? null : table === 'Notification' ? 'notificationId' : 'id');

/**
 * The shared numbers' holders and the staff lists' kept totals counted again from the rows (the
 * migrations' functions): the triggers that keep them are quiet while the set is COPYed (replica
 * mode) and off while it is removed (a trigger per statement over a million rows would lock each
 * number, and count each cascaded row on its own).
 */
const REBUILD_KEPT_COUNTS = 'SELECT pp_shared_holders_rebuild(); SELECT pp_kept_totals_rebuild()';
/** The triggers off while a demo set is removed, by table. */
const QUIET_WHILE_REMOVING: readonly [table: string, trigger: string][] = [
  ['PartnerIdentifier', 'PartnerIdentifier_shared_delete'],
  ['Partner', 'Partner_tally_delete'],
  ['CompanyMapping', 'CompanyMapping_tally_delete'],
  ['Grievance', 'Grievance_tally_delete'],
  ['Grievance', 'Grievance_submitted_delete'],
  ['Grievance', 'Grievance_answered_delete'],
  ['Grievance', 'Grievance_open_delete'],
  ['PartnerQuery', 'PartnerQuery_tally_delete'],
  ['Rfq', 'Rfq_tally_delete'],
];

/**
 * Removes a demo set: rows in the demo id range, children first, in one transaction. Rows made
 * since (outside the range) that belong to demo partners go with them through the foreign keys.
 */
async function removeDemo(client: pg.Client) {
  await client.query('BEGIN');
  for (const [table, trigger] of QUIET_WHILE_REMOVING) await client.query(`ALTER TABLE "${table}" DISABLE TRIGGER "${trigger}"`);
  await client.query(`DELETE FROM "OnboardingPart" WHERE "profileId" >= $1 AND "profileId" < $2`, [DEMO_ID_BASE, DEMO_ID_LIMIT]);
  await client.query(`DELETE FROM "OnboardingAnswer" WHERE "profileId" >= $1 AND "profileId" < $2`, [
    DEMO_ID_BASE,
    DEMO_ID_LIMIT,
  ]);
  await client.query(`DELETE FROM "ChatConversation" WHERE sender LIKE 'demo-P%'`);
  await client.query(`DELETE FROM "StoredFile" WHERE id >= $1::uuid AND id <= $2::uuid`, [demoFileId(0), demoFileId(2 ** 47)]);
  for (const table of [...DEMO_TABLE_NAMES].reverse()) {
    const column = idColumnOf(table);
    if (!column) continue;
    await client.query(`DELETE FROM "${table}" WHERE "${column}" >= $1 AND "${column}" < $2`, [DEMO_ID_BASE, DEMO_ID_LIMIT]);
  }
  await client.query(`DELETE FROM "ControlParameter" WHERE "paramKey" = $1`, [DEMO_MARKER_KEY]);
  for (const [table, trigger] of QUIET_WHILE_REMOVING) await client.query(`ALTER TABLE "${table}" ENABLE TRIGGER "${trigger}"`);
  await client.query(REBUILD_KEPT_COUNTS);
  await client.query('COMMIT');
}

/**
 * Loads the demo set with COPY: one connection per table, all streaming at once while the
 * generator makes the next batch. Foreign keys are not checked row by row while loading
 * (session_replication_role = replica: the generator makes every reference right, and a test
 * checks them); the set is recorded only once every table has committed, so a load that fails
 * half-way is removed by the next one.
 */
export async function loadDemo(options: {
  databaseUrl: string;
  fileStoreDir: string;
  seed: number;
  partners: number;
  today: string;
  progress?: DemoProgress;
  /** Load again even when the same set is recorded as loaded. */
  force?: boolean;
}): Promise<DemoLoadResult> {
  const started = performance.now();
  const control = new pg.Client({ connectionString: options.databaseUrl });
  await control.connect();
  const clients: pg.Client[] = [];
  try {
    const marker = JSON.stringify({
      version: GENERATOR_VERSION,
      seed: options.seed,
      partners: options.partners,
      today: options.today,
    });
    const { rows: seen } = await control.query<{ paramValue: string }>(
      `SELECT "paramValue" FROM "ControlParameter" WHERE "paramKey" = $1`,
      [DEMO_MARKER_KEY],
    );
    if (!options.force && seen[0]?.paramValue === marker) {
      return { skipped: true, summary: null, rows: {}, totalRows: 0, ms: performance.now() - started };
    }
    const removing = performance.now();
    await removeDemo(control);
    const removedMs = performance.now() - removing;

    const blobs = await writeDemoFiles(options.fileStoreDir, DEMO_REAL_FILES);
    const input: DemoInput = {
      seed: options.seed,
      partners: options.partners,
      today: options.today,
      passwordHash: await hashPassword(fixtures.demoAccounts().password),
      blobs,
    };

    // Each table on its own connection, in one transaction: its secondary indexes are dropped,
    // the rows copied, the indexes built again in one pass (far cheaper than row by row), and
    // nothing is committed until every table got that far.
    const tables = new Map<DemoTable, { client: pg.Client; stream: ReturnType<typeof copyFrom>; indexes: string[] }>();
    await Promise.all(
      DEMO_TABLE_NAMES.map(async (table) => {
        const client = new pg.Client({ connectionString: options.databaseUrl });
        clients.push(client);
        await client.connect();
        await client.query('SET session_replication_role = replica');
        await client.query('SET synchronous_commit = off');
        await client.query("SET maintenance_work_mem = '256MB'");
        await client.query('BEGIN');
        const { rows: indexes } = await client.query<{ name: string; definition: string }>(
          `SELECT indexname AS name, indexdef AS definition FROM pg_indexes i
            WHERE schemaname = current_schema() AND tablename = $1
              AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
          [table],
        );
        for (const index of indexes) await client.query(`DROP INDEX "${index.name}"`);
        const columns = DEMO_TABLES[table].map((c) => `"${c}"`).join(', ');
        const stream = client.query(copyFrom(`COPY "${table}" (${columns}) FROM STDIN`));
        stream.on('error', () => undefined); // surfaced by the write or finish that fails
        tables.set(table, { client, stream, indexes: indexes.map((i) => i.definition) });
      }),
    );

    const counts = new Map<DemoTable, number>(DEMO_TABLE_NAMES.map((t) => [t, 0]));
    const summary = {} as DemoSummary;
    const batchSize = 1000;
    options.progress?.start(DEMO_TABLE_NAMES, options.partners);
    let batches = 0;
    for (const batch of generateDemo(input, summary, batchSize)) {
      batches += 1;
      const partnersDone = Math.min(options.partners, batches * batchSize);
      for (const [table, rows] of batch) {
        let chunk = '';
        for (const row of rows) chunk += copyLine(row);
        const { stream } = tables.get(table)!;
        const written = counts.get(table)! + rows.length;
        counts.set(table, written);
        if (!stream.write(chunk)) await once(stream, 'drain');
        const estimate = partnersDone >= options.partners ? written : Math.round((written / partnersDone) * options.partners);
        options.progress?.rows(table, written, estimate);
      }
      options.progress?.partners(partnersDone);
    }
    await Promise.all(
      DEMO_TABLE_NAMES.map(async (table) => {
        const { client, stream, indexes } = tables.get(table)!;
        stream.end();
        await once(stream, 'finish');
        for (const definition of indexes) await client.query(definition);
        options.progress?.done(table, counts.get(table)!);
      }),
    );
    for (const { client } of tables.values()) await client.query('COMMIT');
    options.progress?.stop();
    await control.query(`BEGIN; ${REBUILD_KEPT_COUNTS}; COMMIT`);

    // Ids and numbers made after the demo set start past its ranges.
    for (const table of DEMO_TABLE_NAMES) {
      const column = idColumnOf(table);
      if (!column) continue;
      await control.query(
        `SELECT setval(pg_get_serial_sequence('"${table}"', '${column}'), GREATEST((SELECT max("${column}") FROM "${table}"), ${DEMO_ID_LIMIT}))`,
      );
    }
    for (const [sequence, limit] of [
      ['onboarding_request_number_seq', DEMO_NUMBER_LIMIT],
      ['grievance_number_seq', DEMO_NUMBER_LIMIT],
      ['partner_query_seq', DEMO_NUMBER_LIMIT * 10],
    ] as const) {
      await control.query(`SELECT setval('${sequence}', GREATEST((SELECT last_value FROM ${sequence}), ${limit}))`);
    }
    // VACUUM sets the visibility map that autovacuum would set only later: until then an
    // index-only scan (the forensics lists') still reads every row it finds from the table.
    await control.query(
      `VACUUM (ANALYZE) ${[...DEMO_TABLE_NAMES, 'SharedNumber', 'SharedHolder'].map((t) => `"${t}"`).join(', ')}`,
    );
    await control.query(
      `INSERT INTO "ControlParameter" ("paramKey", "paramValue") VALUES ($1, $2) ON CONFLICT ("paramKey") DO UPDATE SET "paramValue" = EXCLUDED."paramValue"`,
      [DEMO_MARKER_KEY, marker],
    );
    const rows = Object.fromEntries(counts) as Record<DemoTable, number>;
    return {
      skipped: false,
      summary,
      rows,
      totalRows: [...counts.values()].reduce((s, n) => s + n, 0),
      ms: performance.now() - started,
      removedMs,
    };
  } finally {
    await Promise.all(clients.map((c) => c.end().catch(() => undefined)));
    await control.end();
  }
}
