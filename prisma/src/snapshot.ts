import pg from 'pg';

/**
 * Snapshots of the whole database for the developer controls' reset (issue 25): the seeded state
 * (`default`) or the demo set (`demo`), copied into a schema of their own once, and put back in
 * place in one transaction. The schema also holds the sequences' values and the migrations the
 * copy was made under: a snapshot of an older schema is refused rather than half restored.
 */
export const SNAPSHOT_NAMES = ['default', 'demo'] as const;
export type SnapshotName = (typeof SNAPSHOT_NAMES)[number];

const schemaOf = (name: SnapshotName) => `pp_snapshot_${name}`;
/** Tables a snapshot leaves out: the migrator's bookkeeping (the snapshot records it apart). */
const LEFT_OUT = new Set(['_prisma_migrations']);

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
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

/** Copies every table (and the sequences' values) into the snapshot's schema, replacing an older copy. */
export async function saveSnapshot(url: string, name: SnapshotName): Promise<{ tables: number; rows: number }> {
  return withClient(url, async (client) => {
    const schema = quote(schemaOf(name));
    const tables = await publicTables(client);
    let rows = 0;
    await client.query('BEGIN');
    try {
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.query(`CREATE SCHEMA ${schema}`);
      for (const table of tables) {
        const result = await client.query(`CREATE TABLE ${schema}.${quote(table)} AS TABLE public.${quote(table)}`);
        rows += result.rowCount ?? 0;
      }
      await client.query(
        `CREATE TABLE ${schema}."_sequences" AS SELECT sequencename AS name, last_value FROM pg_sequences WHERE schemaname = 'public'`,
      );
      await client.query(`CREATE TABLE ${schema}."_made" AS SELECT $1::text AS migrations, now() AS made_at`, [
        await migrationsOf(client),
      ]);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    }
    return { tables: tables.length, rows };
  });
}

export type RestoreResult =
  { restored: true; tables: number; rows: number; madeAt: string } | { restored: false; reason: 'missing' | 'stale' };

/**
 * Puts the database back as the snapshot has it, in one transaction (another session sees the old
 * state or the new, never half): every table emptied and refilled, triggers and foreign-key checks
 * off meanwhile (the copy is consistent as made), the sequences set back. Then tells every server
 * instance to forget what it holds in memory (the change feed's reset).
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
    await client.query('BEGIN');
    try {
      await client.query(`SET LOCAL session_replication_role = replica`);
      await client.query(`TRUNCATE ${tables.map((t) => `public.${quote(t)}`).join(', ')}`);
      for (const table of tables) {
        const result = await client.query(`INSERT INTO public.${quote(table)} SELECT * FROM ${quote(schema)}.${quote(table)}`);
        rows += result.rowCount ?? 0;
      }
      const { rows: sequences } = await client.query<{ name: string; last_value: string | null }>(
        `SELECT * FROM ${quote(schema)}."_sequences"`,
      );
      for (const s of sequences) {
        if (s.last_value === null) await client.query(`SELECT setval($1, 1, false)`, [`public.${quote(s.name)}`]);
        else await client.query(`SELECT setval($1, $2, true)`, [`public.${quote(s.name)}`, s.last_value]);
      }
      await client.query(`SELECT pg_notify('pp_changes', '*:reset')`);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    }
    return { restored: true, tables: tables.length, rows, madeAt: made.made_at.toISOString() };
  });
}

/** The snapshots this database holds, and whether each fits its schema now. */
export async function listSnapshots(url: string): Promise<{ name: SnapshotName; madeAt: string; current: boolean }[]> {
  return withClient(url, async (client) => {
    const found: { name: SnapshotName; madeAt: string; current: boolean }[] = [];
    const migrations = await migrationsOf(client);
    for (const name of SNAPSHOT_NAMES) {
      const exists = await client.query(`SELECT 1 FROM pg_namespace WHERE nspname = $1`, [schemaOf(name)]);
      if (exists.rowCount === 0) continue;
      const made = (await client.query<{ migrations: string; made_at: Date }>(`SELECT * FROM ${quote(schemaOf(name))}."_made"`))
        .rows[0]!;
      found.push({ name, madeAt: made.made_at.toISOString(), current: made.migrations === migrations });
    }
    return found;
  });
}
