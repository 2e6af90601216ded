import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MESSAGES, api } from '@pp/contract';
import { createDb } from '@pp/db';
import { startEmbeddedPostgres } from '@pp/db/embedded';
import { migrate } from '@pp/db/migrator';
import { buildTestApp, callApi, createPartnerUser, freshIp, signIn, withReferenceData } from '@pp/testing';

/**
 * PostgreSQL killed under load (kill -9 of the postmaster, as in the attacker's pass): every answer
 * in between is the envelope's 503 with Retry-After, none a 500, and the portal answers again once
 * the database is back. A server of its own, so the other test files' database stays up.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'pp-outage-pg-'));
const port = 5600 + Math.floor(Math.random() * 300);
const restarts: string[] = [];
const server = await startEmbeddedPostgres({
  dataDir,
  port,
  databaseName: 'outage',
  persistent: false,
  onCrash: (message) => restarts.push(message),
});
afterAll(async () => {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
});
await migrate(server.url);
const db = createDb(server.url);
afterAll(() => db.$disconnect());
await withReferenceData(db);
// What a 500 was: the answer says only "internal error", the log says which error it was.
const errorLog: string[] = [];
const app = await buildTestApp(db, { databaseUrl: server.url, errorLog: { write: (line) => errorLog.push(line) } });

describe('a database outage', () => {
  it('is answered 503 with Retry-After, never 500, and the portal serves again when the database is back', async () => {
    const { username } = await createPartnerUser(db);
    const { auth } = await signIn(app, username);
    const headers = { ...auth, ...freshIp() };
    const ask = () => callApi(app, api.notification.list, { headers });
    expect((await ask()).statusCode).toBe(200);

    const answers: { status: number; retryAfter?: string; failure?: string | null }[] = [];
    let killedAt = 0;
    let backAt = 0;
    const load = async () => {
      while (!backAt) {
        const res = await ask();
        answers.push({
          status: res.statusCode,
          retryAfter: res.headers['retry-after'] as string | undefined,
          failure: res.statusCode === 200 ? null : res.error().failureMessage,
        });
        if (killedAt && res.statusCode === 200 && restarts.some((r) => r.includes('running again'))) backAt = Date.now();
        if (Date.now() - (killedAt || Date.now()) > 30_000) break;
      }
    };
    const loops = [load(), load(), load(), load()];
    await new Promise((resolve) => setTimeout(resolve, 200));
    const postmaster = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    process.kill(postmaster, 'SIGKILL');
    killedAt = Date.now();
    await Promise.all(loops);

    const count = (status: number) => answers.filter((a) => a.status === status).length;
    expect(backAt, `the portal answered again (${restarts.join('; ')})`).toBeGreaterThan(0);
    // The outage is logged (once per interval): the log is heard, so a 500's error would be too.
    expect(errorLog.some((line) => line.includes('the database is unreachable'))).toBe(true);
    const unhandled = errorLog.filter((line) => line.includes('unhandled error'));
    expect(count(500), unhandled.join('\n').slice(0, 4000)).toBe(0);
    expect(count(503)).toBeGreaterThan(0);
    expect(answers.filter((a) => a.status !== 200 && a.status !== 503)).toEqual([]);
    for (const a of answers.filter((x) => x.status === 503)) {
      expect(a.retryAfter).toBe('5');
      expect(a.failure).toBe(MESSAGES.serviceUnavailable);
    }
  });
});
