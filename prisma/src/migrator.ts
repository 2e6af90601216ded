import { createHash, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../migrations');
/**
 * SQL applied after the migrations whenever its text changed: definitions that are replaced whole
 * (the tallies' rebuilds), kept in one file each instead of re-created by every migration that
 * touches them.
 */
export const REPEATABLE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../repeatable');

/** Same key on every start, so two starts against one database take turns instead of racing. */
const ADVISORY_LOCK_KEY = 72_707_369;

/** Prisma Migrate's own bookkeeping table, so `prisma migrate status` agrees where its engine exists. */
const CREATE_MIGRATIONS_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

export class MigrationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MigrationError';
  }
}

export interface MigrationResult {
  applied: string[];
  alreadyApplied: number;
  /** The repeatable files applied because their text changed (or the database had never run them). */
  repeated: string[];
}

/** Which text of each repeatable file a database last ran. Not Prisma's, and left out of snapshots. */
export const REPEATABLE_TABLE = '_pp_repeatable';
const CREATE_REPEATABLE_TABLE = `
CREATE TABLE IF NOT EXISTS "${REPEATABLE_TABLE}" (
    "name"        TEXT PRIMARY KEY,
    "checksum"    VARCHAR(64) NOT NULL,
    "applied_at"  TIMESTAMPTZ NOT NULL DEFAULT now()
)`;

interface MigrationFile {
  name: string;
  file: string;
  sql: string;
  checksum: string;
}

const checksumOf = (sql: string) => createHash('sha256').update(sql).digest('hex');

async function readRepeatables(dir: string): Promise<MigrationFile[]> {
  const names = (await readdir(dir)).filter((name) => name.endsWith('.sql')).sort();
  return Promise.all(
    names.map(async (name) => {
      const file = path.join(dir, name);
      const sql = await readFile(file, 'utf8');
      return { name, file, sql, checksum: checksumOf(sql) };
    }),
  );
}

async function readMigrations(dir: string): Promise<MigrationFile[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const file = path.join(dir, name, 'migration.sql');
      const sql = await readFile(file, 'utf8');
      return { name, file, sql, checksum: checksumOf(sql) };
    }),
  );
}

/**
 * Splits a script into statements with their 1-based start line, minding quotes, dollar quotes
 * and comments. Used only to say where a failed migration failed.
 */
export function splitStatements(sql: string): { line: number; text: string }[] {
  const statements: { line: number; text: string }[] = [];
  let start = 0;
  let i = 0;
  const push = (end: number) => {
    const text = sql.slice(start, end);
    const lead = text.length - text.trimStart().length;
    if (text.trim()) statements.push({ line: sql.slice(0, start + lead).split('\n').length, text: text.trim() });
    start = end + 1;
  };
  while (i < sql.length) {
    const ch = sql[i]!;
    if (ch === '-' && sql[i + 1] === '-') i = sql.indexOf('\n', i) === -1 ? sql.length : sql.indexOf('\n', i);
    else if (ch === '/' && sql[i + 1] === '*') i = sql.indexOf('*/', i + 2) === -1 ? sql.length : sql.indexOf('*/', i + 2) + 2;
    else if (ch === "'" || ch === '"') i = sql.indexOf(ch, i + 1) === -1 ? sql.length : sql.indexOf(ch, i + 1) + 1;
    else if (ch === '$') {
      const tag = /^\$[A-Za-z_]*\$/.exec(sql.slice(i))?.[0];
      if (tag) i = sql.indexOf(tag, i + tag.length) === -1 ? sql.length : sql.indexOf(tag, i + tag.length) + tag.length;
      else i++;
    } else if (ch === ';') {
      push(i);
      i++;
    } else i++;
  }
  push(sql.length);
  return statements;
}

/** Replays a failed migration statement by statement (then rolls back) to find the failing line. */
async function failingLine(client: pg.Client, sql: string): Promise<number | undefined> {
  await client.query('BEGIN');
  try {
    for (const statement of splitStatements(sql)) {
      try {
        await client.query(statement.text);
      } catch {
        return statement.line;
      }
    }
    return undefined;
  } finally {
    await client.query('ROLLBACK');
  }
}

/**
 * Applies the SQL migrations in Prisma Migrate's layout that the database has not seen, each in
 * its own transaction, under an advisory lock; refuses to go on when an applied file was edited.
 */
export async function migrate(
  databaseUrl: string,
  dir: string = MIGRATIONS_DIR,
  repeatableDir: string | null = dir === MIGRATIONS_DIR ? REPEATABLE_DIR : null,
): Promise<MigrationResult> {
  const migrations = await readMigrations(dir);
  const repeatables = repeatableDir ? await readRepeatables(repeatableDir) : [];
  return withAdvisoryLock(databaseUrl, ADVISORY_LOCK_KEY, async () => {
    const result = await applyMigrations(databaseUrl, migrations);
    return { ...result, repeated: await applyRepeatables(databaseUrl, repeatables) };
  });
}

/** Runs each repeatable file whose text the database has not run, in one transaction with its record. */
async function applyRepeatables(databaseUrl: string, repeatables: MigrationFile[]): Promise<string[]> {
  if (repeatables.length === 0) return [];
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(CREATE_REPEATABLE_TABLE);
    const { rows } = await client.query<{ name: string; checksum: string }>(`SELECT name, checksum FROM "${REPEATABLE_TABLE}"`);
    const ran = new Map(rows.map((row) => [row.name, row.checksum]));
    const repeated: string[] = [];
    for (const file of repeatables) {
      if (ran.get(file.name) === file.checksum) continue;
      await client.query('BEGIN');
      try {
        await client.query(file.sql);
        await client.query(
          `INSERT INTO "${REPEATABLE_TABLE}" (name, checksum) VALUES ($1, $2)
           ON CONFLICT (name) DO UPDATE SET checksum = excluded.checksum, applied_at = now()`,
          [file.name, file.checksum],
        );
        await client.query('COMMIT');
        repeated.push(file.name);
      } catch (error) {
        await client.query('ROLLBACK');
        const line = await failingLine(client, file.sql);
        throw new MigrationError(
          `Repeatable ${path.relative(process.cwd(), file.file)} failed${line ? ` at line ${line}` : ''}: ${(error as Error).message}. ` +
            'Nothing of it was applied.',
        );
      }
    }
    return repeated;
  } finally {
    await client.end();
  }
}

async function applyMigrations(databaseUrl: string, migrations: MigrationFile[]): Promise<Omit<MigrationResult, 'repeated'>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(CREATE_MIGRATIONS_TABLE);
    const { rows } = await client.query<{
      migration_name: string;
      checksum: string;
      finished_at: Date | null;
      rolled_back_at: Date | null;
    }>('SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations"');
    const done = new Map(rows.filter((r) => r.finished_at && !r.rolled_back_at).map((r) => [r.migration_name, r]));
    const failed = rows.find((r) => !r.finished_at && !r.rolled_back_at);
    if (failed) {
      throw new MigrationError(
        `Migration ${failed.migration_name} started but never finished; resolve it by hand before migrating again.`,
      );
    }

    const applied: string[] = [];
    for (const m of migrations) {
      const previous = done.get(m.name);
      if (previous) {
        if (previous.checksum !== m.checksum) {
          throw new MigrationError(
            `Checksum mismatch: ${path.relative(process.cwd(), m.file)} was edited after it was applied ` +
              `(database ${previous.checksum.slice(0, 12)}…, file ${m.checksum.slice(0, 12)}…). ` +
              'Write a new migration instead of changing an applied one.',
          );
        }
        continue;
      }
      await client.query('BEGIN');
      try {
        const id = randomUUID();
        await client.query(
          'INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at) VALUES ($1, $2, $3, now())',
          [id, m.checksum, m.name],
        );
        await client.query(m.sql);
        await client.query('UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1', [id]);
        await client.query('COMMIT');
        applied.push(m.name);
      } catch (error) {
        await client.query('ROLLBACK');
        const pgError = error as { message?: string };
        const line = await failingLine(client, m.sql);
        throw new MigrationError(
          `Migration ${path.relative(process.cwd(), m.file)} failed${line ? ` at line ${line}` : ''}: ${pgError.message ?? String(error)}. ` +
            'Nothing of it was applied.',
        );
      }
    }
    return { applied, alreadyApplied: migrations.length - applied.length };
  } finally {
    await client.end();
  }
}

/**
 * Waits until Postgres takes connections: a container starts its database and its servers at once,
 * and podman-compose does not wait for the database's health check.
 */
export async function waitForDatabase(databaseUrl: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000 });
    try {
      await client.connect();
      await client.query('SELECT 1');
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}

/** Runs `work` while holding a Postgres advisory lock, so servers started together take turns. */
export async function withAdvisoryLock<T>(databaseUrl: string, key: number, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [key]);
    return await work();
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [key]).catch(() => undefined);
    await client.end();
  }
}
