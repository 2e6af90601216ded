import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded.ts';

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function query(url: string, text: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    return (await client.query<Record<string, unknown>>(text)).rows;
  } finally {
    await client.end().catch(() => undefined);
  }
}

describe('embedded PostgreSQL', () => {
  it('is started again after it is killed, with what was committed, and still stops cleanly', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'pp-pg-'));
    afterAll(() => rm(dataDir, { recursive: true, force: true }));
    const events: string[] = [];
    const database = await startEmbeddedPostgres({
      dataDir,
      port: await freePort(),
      databaseName: 'crash_test',
      onCrash: (message) => events.push(message),
    });
    await query(database.url, 'CREATE TABLE kept (id int); INSERT INTO kept VALUES (42)');

    const postmaster = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    process.kill(postmaster, 'SIGKILL');
    const deadline = Date.now() + 60_000;
    let rows: unknown[] | null = null;
    while (!rows && Date.now() < deadline) {
      rows = await query(database.url, 'SELECT id FROM kept').catch(() => null);
      if (!rows) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(rows).toEqual([{ id: 42 }]);
    expect(events[0]).toBe('PostgreSQL exited (SIGKILL); starting it again');
    expect(events.at(-1)).toMatch(/^PostgreSQL is running again/);

    await database.stop();
    await expect(query(database.url, 'SELECT 1')).rejects.toThrow();
  }, 90_000);
});
