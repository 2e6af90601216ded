import pg from 'pg';
import { SNAPSHOTS, type SnapshotName } from '@pp/contract';
import { CHANGE_CHANNEL, RESET_ALL } from './change-feed-channel.ts';
import { REPEATABLE_TABLE } from './migrator.ts';

/**
 * Snapshots of the whole database for the developer controls' reset (issue 25): the seeded state
 * (`default`) or the demo set (`demo`), copied into a schema of their own once, and put back in
 * place in one transaction. The schema also holds the sequences' values and the migrations the
 * copy was made under: a snapshot of an older schema is refused rather than half restored.
 *
 * A reset has to take seconds on the demo set (2.3 million rows), and refilling every table takes
 * half a minute. So saving a snapshot also puts statement triggers on every table that note the
 * primary keys of the rows each statement wrote (a TRUNCATE, or a table without a key, notes the
 * whole table); a reset to the snapshot the database last equalled puts back only those rows. The
 * triggers exist only in databases a snapshot was saved in (development stacks), never in
 * production's.
 */

const schemaOf = (name: SnapshotName) => `pp_snapshot_${name}`;
/** What the database last equalled, and the tables written since. */
const TRACK = 'pp_snapshot_track';
/** Tables a snapshot leaves out: the migrator's bookkeeping (the snapshot records it apart). */
const LEFT_OUT = new Set(['_prisma_migrations', REPEATABLE_TABLE]);

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** PostgreSQL's code for a transaction it chose to end to break a deadlock. */
const DEADLOCK = '40P01';

/**
 * Runs `work` in a transaction, again (up to three times) when PostgreSQL ended it to break a
 * deadlock: a reset takes locks on many tables while the servers keep writing (a session's
 * activity, the journal), whose statements note what they wrote in the table the reset reads.
 */
async function inTransaction<T>(client: pg.Client, work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    await client.query('BEGIN');
    try {
      const result = await work();
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK');
      if ((error as { code?: string }).code !== DEADLOCK || attempt >= 3) throw error;
    }
  }
}

async function publicTables(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ tablename: string }>(
    `SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  return rows.map((r) => r.tablename).filter((t) => !LEFT_OUT.has(t));
}

const migrationsOf = async (client: pg.Client) =>
  (
    await client.query<{ names: string | null }>(
      `SELECT string_agg(migration_name, ',' ORDER BY migration_name) AS names FROM "_prisma_migrations" WHERE finished_at IS NOT NULL`,
    )
  ).rows[0]?.names ?? '';

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** A table's primary key: its columns, quoted, and their types. */
interface TableKey {
  columns: string[];
  types: string[];
}

async function keysOf(client: pg.Client): Promise<Map<string, TableKey>> {
  const { rows } = await client.query<{ tbl: string; columns: string[]; types: string[] }>(
    `SELECT c.relname AS tbl,
            array_agg(quote_ident(a.attname) ORDER BY k.ord) AS columns,
            array_agg(format_type(a.atttypid, a.atttypmod) ORDER BY k.ord) AS types
       FROM pg_index i
       JOIN pg_class c ON c.oid = i.indrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
       CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, ord)
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum
      WHERE i.indisprimary AND n.nspname = 'public'
      GROUP BY c.relname`,
  );
  return new Map(rows.map((r) => [r.tbl, { columns: r.columns, types: r.types }]));
}

/** The note-taking triggers on every table, and the snapshot `name` as what the database equals now. */
async function startTracking(client: pg.Client, tables: string[], name: SnapshotName): Promise<void> {
  await client.query(`CREATE SCHEMA IF NOT EXISTS ${TRACK}`);
  // A key of 'null' stands for the whole table.
  await client.query(
    `CREATE TABLE IF NOT EXISTS ${TRACK}.written (tbl text NOT NULL, key jsonb NOT NULL, PRIMARY KEY (tbl, key))`,
  );
  await client.query(`CREATE TABLE IF NOT EXISTS ${TRACK}.base (one boolean PRIMARY KEY DEFAULT true, name text NOT NULL)`);
  await client.query(`
    CREATE OR REPLACE FUNCTION ${TRACK}.note_written() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'TRUNCATE' OR TG_NARGS = 0 THEN
        INSERT INTO ${TRACK}.written VALUES (TG_TABLE_NAME, 'null') ON CONFLICT DO NOTHING;
        RETURN NULL;
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') THEN
        EXECUTE format('INSERT INTO ${TRACK}.written SELECT %L, jsonb_build_array(%s) FROM new_rows ON CONFLICT DO NOTHING', TG_TABLE_NAME, TG_ARGV[0]);
      END IF;
      IF TG_OP IN ('DELETE', 'UPDATE') THEN
        EXECUTE format('INSERT INTO ${TRACK}.written SELECT %L, jsonb_build_array(%s) FROM old_rows ON CONFLICT DO NOTHING', TG_TABLE_NAME, TG_ARGV[0]);
      END IF;
      RETURN NULL;
    END $$`);
  const keys = await keysOf(client);
  const note = `EXECUTE FUNCTION ${TRACK}.note_written`;
  for (const table of tables) {
    const t = `public.${quote(table)}`;
    const key = keys.get(table);
    // PostgreSQL allows transition tables on triggers of one event only: three triggers, and one for TRUNCATE.
    const args = key ? `(${pgString(key.columns.join(', '))})` : '()';
    await client.query(
      `CREATE OR REPLACE TRIGGER pp_snapshot_inserted AFTER INSERT ON ${t} REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT ${note}${args}`,
    );
    await client.query(
      `CREATE OR REPLACE TRIGGER pp_snapshot_updated AFTER UPDATE ON ${t} REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT ${note}${args}`,
    );
    await client.query(
      `CREATE OR REPLACE TRIGGER pp_snapshot_deleted AFTER DELETE ON ${t} REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT ${note}${args}`,
    );
    await client.query(`CREATE OR REPLACE TRIGGER pp_snapshot_truncated AFTER TRUNCATE ON ${t} FOR EACH STATEMENT ${note}()`);
  }
  await equalNow(client, name);
}

/**
 * Takes the note-taking triggers off every table (where a snapshot put them): a stack without the
 * developer controls has no reset, and its writes should cost what production's do. The snapshots
 * stay; a reset after the controls are back refills whole tables. Answers whether any were there.
 */
export async function stopTracking(url: string): Promise<boolean> {
  return withClient(url, async (client) => {
    const tracked = await client.query(`SELECT 1 FROM pg_namespace WHERE nspname = $1`, [TRACK]);
    if (tracked.rowCount === 0) return false;
    await inTransaction(client, async () => {
      for (const table of await publicTables(client)) {
        for (const trigger of ['inserted', 'updated', 'deleted', 'truncated']) {
          await client.query(`DROP TRIGGER IF EXISTS pp_snapshot_${trigger} ON public.${quote(table)}`);
        }
      }
      await client.query(`DROP SCHEMA ${TRACK} CASCADE`);
    });
    return true;
  });
}

const pgString = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** The database equals the snapshot `name` from here on: nothing written since. */
async function equalNow(client: pg.Client, name: SnapshotName): Promise<void> {
  await client.query(`TRUNCATE ${TRACK}.written`);
  await client.query(`INSERT INTO ${TRACK}.base (name) VALUES ($1) ON CONFLICT (one) DO UPDATE SET name = $1`, [name]);
}

/**
 * What was written since the database last equalled `name`: per table, the count of rows noted or
 * 'whole'; null when it never equalled it (or nothing is tracked).
 */
async function writtenSince(client: pg.Client, name: SnapshotName): Promise<Map<string, number | 'whole'> | null> {
  const tracked = await client.query(`SELECT 1 FROM pg_namespace WHERE nspname = $1`, [TRACK]);
  if (tracked.rowCount === 0) return null;
  const base = (await client.query<{ name: string }>(`SELECT name FROM ${TRACK}.base`)).rows[0]?.name;
  if (base !== name) return null;
  // Waits for writers that noted rows and have not committed, and holds back new ones until the reset is done.
  await client.query(`LOCK TABLE ${TRACK}.written IN EXCLUSIVE MODE`);
  const { rows } = await client.query<{ tbl: string; keys: string; whole: boolean }>(
    `SELECT tbl, count(*) AS keys, bool_or(key = 'null') AS whole FROM ${TRACK}.written GROUP BY tbl`,
  );
  return new Map(rows.map((r) => [r.tbl, r.whole ? 'whole' : Number(r.keys)]));
}

/** Copies every table (and the sequences' values) into the snapshot's schema, replacing an older copy. */
export async function saveSnapshot(url: string, name: SnapshotName): Promise<{ tables: number; rows: number }> {
  return withClient(url, async (client) => {
    const schema = quote(schemaOf(name));
    const tables = await publicTables(client);
    let rows = 0;
    await inTransaction(client, async () => {
      rows = 0;
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.query(`CREATE SCHEMA ${schema}`);
      const keys = await keysOf(client);
      await client.query(`CREATE TABLE ${schema}."_rows" (tbl text PRIMARY KEY, rows bigint NOT NULL)`);
      for (const table of tables) {
        const result = await client.query(`CREATE TABLE ${schema}.${quote(table)} AS TABLE public.${quote(table)}`);
        rows += result.rowCount ?? 0;
        await client.query(`INSERT INTO ${schema}."_rows" VALUES ($1, $2)`, [table, result.rowCount ?? 0]);
        // The rows a reset puts back are found by their key.
        const key = keys.get(table);
        if (key) await client.query(`ALTER TABLE ${schema}.${quote(table)} ADD PRIMARY KEY (${key.columns.join(', ')})`);
      }
      await client.query(
        `CREATE TABLE ${schema}."_sequences" AS SELECT sequencename AS name, last_value FROM pg_sequences WHERE schemaname = 'public'`,
      );
      await client.query(`CREATE TABLE ${schema}."_made" AS SELECT $1::text AS migrations, now() AS made_at`, [
        await migrationsOf(client),
      ]);
      await startTracking(client, tables, name);
    });
    return { tables: tables.length, rows };
  });
}

export type RestoreResult =
  | { restored: true; tables: number; refilled: number; rows: number; madeAt: string }
  | { restored: false; reason: 'missing' | 'stale' };

/**
 * Puts the database back as the snapshot has it, in one transaction (another session sees the old
 * state or the new, never half): the tables written since it last equalled the snapshot (all of
 * them when it never did) emptied and refilled, triggers and foreign-key checks off meanwhile (the
 * copy is consistent as made), the sequences set back. Then tells every server instance to forget
 * what it holds in memory (the change feed's reset).
 */
export async function restoreSnapshot(url: string, name: SnapshotName): Promise<RestoreResult> {
  return withClient(url, async (client) => {
    const schema = schemaOf(name);
    const exists = await client.query(`SELECT 1 FROM pg_namespace WHERE nspname = $1`, [schema]);
    if (exists.rowCount === 0) return { restored: false, reason: 'missing' };
    const made = (await client.query<{ migrations: string; made_at: Date }>(`SELECT * FROM ${quote(schema)}."_made"`)).rows[0]!;
    if (made.migrations !== (await migrationsOf(client))) return { restored: false, reason: 'stale' };
    const tables = await publicTables(client);
    let rows = 0;
    const refilled = await inTransaction(client, async () => {
      rows = 0;
      const written = await writtenSince(client, name);
      const saved = new Map(
        (await client.query<{ tbl: string; rows: string }>(`SELECT * FROM ${quote(schema)}."_rows"`)).rows.map((r) => [
          r.tbl,
          Number(r.rows),
        ]),
      );
      const keys = await keysOf(client);
      // A table is refilled whole when the database never equalled the snapshot, when it was noted
      // whole, or when so much of it was written that refilling is cheaper than finding the rows.
      const whole = (table: string) => {
        const noted = written ? written.get(table) : 'whole';
        return noted === 'whole' || (noted !== undefined && (!keys.has(table) || noted > Math.max(1_000, saved.get(table)! / 5)));
      };
      const refill = tables.filter(whole);
      const rowsOnly = written ? tables.filter((t) => written.has(t) && !whole(t)) : [];
      await client.query(`SET LOCAL session_replication_role = replica`);
      await empty(client, refill);
      // Built once after the rows are in rather than row by row as they go in (the demo set: 27 s → 17 s).
      const indexes = await looseIndexes(client, refill);
      for (const index of indexes) await client.query(`DROP INDEX public.${quote(index.name)}`);
      for (const table of refill) {
        const result = await client.query(`INSERT INTO public.${quote(table)} SELECT * FROM ${quote(schema)}.${quote(table)}`);
        rows += result.rowCount ?? 0;
      }
      for (const index of indexes) await client.query(index.definition);
      for (const table of rowsOnly) rows += await putRowsBack(client, schema, table, keys.get(table)!);
      const { rows: sequences } = await client.query<{ name: string; last_value: string | null }>(
        `SELECT * FROM ${quote(schema)}."_sequences"`,
      );
      for (const s of sequences) {
        // Never read when saved: it starts again from its own START (setval would put it at 1).
        if (s.last_value === null) await client.query(`ALTER SEQUENCE public.${quote(s.name)} RESTART`);
        else await client.query(`SELECT setval($1, $2, true)`, [`public.${quote(s.name)}`, s.last_value]);
      }
      if (written) await equalNow(client, name);
      else await startTracking(client, tables, name);
      await client.query(`SELECT pg_notify($1, $2)`, [CHANGE_CHANNEL, RESET_ALL]);
      return refill.length + rowsOnly.length;
    });
    return { restored: true, tables: tables.length, refilled, rows, madeAt: made.made_at.toISOString() };
  });
}

/** The indexes of the tables no constraint stands on (those a key or a foreign key needs stay), with their definitions. */
async function looseIndexes(client: pg.Client, tables: string[]): Promise<{ name: string; definition: string }[]> {
  const { rows } = await client.query<{ name: string; definition: string }>(
    `SELECT ci.relname AS name, pg_get_indexdef(i.indexrelid) AS definition
       FROM pg_index i
       JOIN pg_class ci ON ci.oid = i.indexrelid
       JOIN pg_class ct ON ct.oid = i.indrelid
       JOIN pg_namespace n ON n.oid = ct.relnamespace
      WHERE n.nspname = 'public' AND ct.relname = ANY($1::text[])
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`,
    [tables],
  );
  return rows;
}

/** Deletes the rows noted as written and copies the snapshot's rows of the same keys back; the count put back. */
async function putRowsBack(client: pg.Client, schema: string, table: string, key: TableKey): Promise<number> {
  const noted = `SELECT ${key.types.map((type, i) => `(key->>${i})::${type} AS k${i}`).join(', ')} FROM ${TRACK}.written WHERE tbl = $1`;
  const matches = (alias: string) => key.columns.map((column, i) => `${alias}.${column} = noted.k${i}`).join(' AND ');
  await client.query(`DELETE FROM public.${quote(table)} AS p USING (${noted}) AS noted WHERE ${matches('p')}`, [table]);
  const result = await client.query(
    `INSERT INTO public.${quote(table)} SELECT s.* FROM ${quote(schema)}.${quote(table)} AS s JOIN (${noted}) AS noted ON ${matches('s')}`,
    [table],
  );
  return result.rowCount ?? 0;
}

/**
 * Empties the tables: TRUNCATE those only truncated tables refer to (PostgreSQL refuses to truncate
 * a table another one's foreign key points at, whatever the replication role), DELETE the rest
 * (their foreign-key triggers are off under the replica role).
 */
async function empty(client: pg.Client, tables: string[]): Promise<void> {
  if (tables.length === 0) return;
  const { rows: references } = await client.query<{ source: string; target: string }>(
    `SELECT source.relname AS source, target.relname AS target
       FROM pg_constraint c
       JOIN pg_class target ON target.oid = c.confrelid
       JOIN pg_class source ON source.oid = c.conrelid
       JOIN pg_namespace n ON n.oid = target.relnamespace
      WHERE c.contype = 'f' AND n.nspname = 'public'`,
  );
  const truncate = new Set(tables);
  for (let changed = true; changed;) {
    changed = false;
    for (const { source, target } of references) {
      if (truncate.has(target) && !truncate.has(source)) changed = truncate.delete(target);
    }
  }
  if (truncate.size) await client.query(`TRUNCATE ${[...truncate].map((t) => `public.${quote(t)}`).join(', ')}`);
  for (const table of tables.filter((t) => !truncate.has(t))) await client.query(`DELETE FROM public.${quote(table)}`);
}

/** The snapshots this database holds, and whether each fits its schema now. */
export async function listSnapshots(url: string): Promise<{ name: SnapshotName; madeAt: string; current: boolean }[]> {
  return withClient(url, async (client) => {
    const found: { name: SnapshotName; madeAt: string; current: boolean }[] = [];
    const migrations = await migrationsOf(client);
    for (const name of SNAPSHOTS) {
      const exists = await client.query(`SELECT 1 FROM pg_namespace WHERE nspname = $1`, [schemaOf(name)]);
      if (exists.rowCount === 0) continue;
      const made = (await client.query<{ migrations: string; made_at: Date }>(`SELECT * FROM ${quote(schemaOf(name))}."_made"`))
        .rows[0]!;
      found.push({ name, madeAt: made.made_at.toISOString(), current: made.migrations === migrations });
    }
    return found;
  });
}
