import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { createDb, type Db } from '@pp/db';

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of a maintenance database on the test server; test files create their own databases there. */
    adminDatabaseUrl: string;
    templateDatabase: string;
  }
}

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: inject('adminDatabaseUrl') });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export function databaseUrl(name: string): string {
  const url = new URL(inject('adminDatabaseUrl'));
  url.pathname = `/${name}`;
  return url.toString();
}

const urls = new WeakMap<Db, string>();
/** The address of a database createTestDatabase made (the test app's change feed listens there). */
export const urlOfTestDatabase = (db: Db) => urls.get(db);

/**
 * A fresh, migrated database for one test file, cloned from the template the global setup
 * migrated; dropped when the file's tests are done.
 */
export async function createTestDatabase(options: { migrated?: boolean } = {}): Promise<{ name: string; url: string; db: Db }> {
  const name = `pp_test_${randomBytes(6).toString('hex')}`;
  const template = options.migrated === false ? 'template0' : inject('templateDatabase');
  await adminQuery(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  const url = databaseUrl(name);
  const db = createDb(url, { max: 4 });
  urls.set(db, url);
  afterAll(async () => {
    await db.$disconnect();
    await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });
  return { name, url, db };
}
