import { cp, mkdtemp, readFile, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '@pp/testing/database';
import { MIGRATIONS_DIR, REPEATABLE_DIR, migrate, splitStatements, waitForDatabase, withAdvisoryLock } from './migrator.ts';

async function copyOfMigrations(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'pp-migrations-'));
  await cp(MIGRATIONS_DIR, dir, { recursive: true });
  return dir;
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

describe('migrator', () => {
  it('applies every migration to an empty database and records it as Prisma does', async () => {
    const { url } = await createTestDatabase({ migrated: false });
    const result = await migrate(url);
    expect(result.applied.length).toBeGreaterThan(0);
    expect(result.alreadyApplied).toBe(0);
    const rows = await query<{ migration_name: string; checksum: string; finished_at: Date | null; applied_steps_count: number }>(
      url,
      'SELECT migration_name, checksum, finished_at, applied_steps_count FROM "_prisma_migrations" ORDER BY migration_name',
    );
    expect(rows.map((r) => r.migration_name)).toEqual(result.applied);
    for (const row of rows) {
      expect(row.checksum).toMatch(/^[0-9a-f]{64}$/);
      expect(row.finished_at).not.toBeNull();
      expect(row.applied_steps_count).toBe(1);
    }
    const tables = await query<{ tablename: string }>(url, "SELECT tablename FROM pg_tables WHERE schemaname = 'public'");
    expect(tables.map((t) => t.tablename)).toEqual(expect.arrayContaining(['UserAccount', 'Partner', 'UserSession']));
  });

  it('does nothing on a second run', async () => {
    const { url } = await createTestDatabase({ migrated: false });
    const first = await migrate(url);
    const second = await migrate(url);
    expect(second).toEqual({ applied: [], alreadyApplied: first.applied.length, repeated: [] });
  });

  it('lets two starts race without applying anything twice', async () => {
    const { url } = await createTestDatabase({ migrated: false });
    const [a, b] = await Promise.all([migrate(url), migrate(url)]);
    expect(a.applied.length + b.applied.length).toBe(Math.max(a.applied.length, b.applied.length));
    const rows = await query(url, 'SELECT 1 FROM "_prisma_migrations"');
    expect(rows).toHaveLength(a.applied.length + b.applied.length);
  });

  it('refuses an applied migration that was edited, naming the file', async () => {
    const { url } = await createTestDatabase({ migrated: false });
    const dir = await copyOfMigrations();
    await migrate(url, dir);
    const [first] = await query<{ migration_name: string }>(url, 'SELECT migration_name FROM "_prisma_migrations" ORDER BY 1');
    const file = path.join(dir, first!.migration_name, 'migration.sql');
    await writeFile(file, `${await readFile(file, 'utf8')}\n-- edited afterwards\n`);
    await expect(migrate(url, dir)).rejects.toThrow(
      new RegExp(`Checksum mismatch: .*${first!.migration_name}/migration.sql was edited`),
    );
  });

  it('rolls back a failing migration whole and names the file and line', async () => {
    const { url } = await createTestDatabase({ migrated: false });
    const dir = await copyOfMigrations();
    const name = '99999999999999_broken';
    await mkdir(path.join(dir, name));
    await writeFile(
      path.join(dir, name, 'migration.sql'),
      'CREATE TABLE "Half" (id INT);\nALTER TABLE "NoSuchTable" ADD COLUMN x INT;\n',
    );
    await expect(migrate(url, dir)).rejects.toThrow(
      /Migration .*99999999999999_broken\/migration.sql failed at line 2: relation "NoSuchTable" does not exist/,
    );
    const half = await query(url, "SELECT 1 FROM pg_tables WHERE tablename = 'Half'");
    expect(half).toHaveLength(0);
    const recorded = await query(url, `SELECT 1 FROM "_prisma_migrations" WHERE migration_name = '${name}'`);
    expect(recorded).toHaveLength(0);
  });

  it('runs the repeatable files after the migrations, and again only when one changed', async () => {
    const { url } = await createTestDatabase({ migrated: false });
    const repeatables = await mkdtemp(path.join(tmpdir(), 'pp-repeatable-'));
    await cp(REPEATABLE_DIR, repeatables, { recursive: true });
    const first = await migrate(url, MIGRATIONS_DIR, repeatables);
    expect(first.repeated).toEqual(['kept-totals.sql']);
    // The tallies count what is there: every partner of the empty database's company 0 row.
    expect(await query(url, 'SELECT partners FROM "PartnerTally" WHERE "companyCode" = 0')).toEqual([{ partners: 0 }]);
    expect((await migrate(url, MIGRATIONS_DIR, repeatables)).repeated).toEqual([]);

    const file = path.join(repeatables, 'kept-totals.sql');
    await writeFile(
      file,
      `${await readFile(file, 'utf8')}\nCREATE OR REPLACE FUNCTION pp_probe() RETURNS int LANGUAGE sql AS $$ SELECT 7 $$;\n`,
    );
    expect((await migrate(url, MIGRATIONS_DIR, repeatables)).repeated).toEqual(['kept-totals.sql']);
    expect(await query(url, 'SELECT pp_probe() AS probe')).toEqual([{ probe: 7 }]);
  });

  it('rolls back a failing repeatable file whole and names it and the line', async () => {
    const { url } = await createTestDatabase({ migrated: false });
    const repeatables = await mkdtemp(path.join(tmpdir(), 'pp-repeatable-'));
    await writeFile(path.join(repeatables, 'broken.sql'), 'CREATE TABLE "Half" (id INT);\nSELECT no_such_function();\n');
    await expect(migrate(url, MIGRATIONS_DIR, repeatables)).rejects.toThrow(
      /Repeatable .*broken.sql failed at line 2: function no_such_function\(\) does not exist/,
    );
    expect(await query(url, "SELECT 1 FROM pg_tables WHERE tablename = 'Half'")).toHaveLength(0);
    expect(await query(url, 'SELECT 1 FROM "_pp_repeatable"')).toHaveLength(0);
  });
});

describe('splitStatements', () => {
  it('splits on semicolons outside quotes, dollar quotes and comments, keeping start lines', () => {
    const sql = [
      '-- a comment; with a semicolon',
      "CREATE TABLE a (x TEXT DEFAULT ';');",
      '',
      'CREATE FUNCTION f() RETURNS INT AS $body$ SELECT 1; $body$ LANGUAGE sql;',
      '/* block; */ SELECT "we;ird";',
    ].join('\n');
    expect(splitStatements(sql).map((s) => s.line)).toEqual([1, 4, 5]);
    expect(splitStatements(sql)[1]!.text).toBe('CREATE FUNCTION f() RETURNS INT AS $body$ SELECT 1; $body$ LANGUAGE sql');
  });
});

describe('starting servers together', () => {
  it('runs work under one advisory lock at a time, and lets go of it when the work fails', async () => {
    const { url } = await createTestDatabase({ migrated: false });
    const events: string[] = [];
    const work = (name: string) => async () => {
      events.push(`${name} in`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      events.push(`${name} out`);
      return name;
    };
    const results = await Promise.all([withAdvisoryLock(url, 4242, work('a')), withAdvisoryLock(url, 4242, work('b'))]);
    expect(results.sort()).toEqual(['a', 'b']);
    // Whichever came first finished before the other began.
    expect(events[1]).toBe(`${events[0]!.split(' ')[0]} out`);

    await expect(withAdvisoryLock(url, 4242, () => Promise.reject(new Error('seed failed')))).rejects.toThrow('seed failed');
    await expect(withAdvisoryLock(url, 4242, () => Promise.resolve('free again'))).resolves.toBe('free again');
  });

  it('waits for a database that takes connections, and gives up on one that never does', async () => {
    const { url } = await createTestDatabase({ migrated: false });
    await expect(waitForDatabase(url, 1_000)).resolves.toBeUndefined();
    const closed = new URL(url);
    closed.port = '1';
    await expect(waitForDatabase(closed.toString(), 1_500)).rejects.toThrow(/ECONNREFUSED|ENOENT/);
  });
});
