import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll } from 'vitest';
import type { Db } from '@pp/db';
import { buildApp, loadConfig, startSmtpSink } from '@pp/server';
import { urlOfTestDatabase } from './database.ts';

/** A controllable clock for idle time-out tests. */
/** Where a test clock starts unless told. */
export const TEST_CLOCK_START = new Date('2026-11-22T10:00:00Z');

export function testClock(start = TEST_CLOCK_START) {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance: (ms: number) => {
      now += ms;
    },
  };
}

/**
 * The production buildApp with a test database, a real SMTP sink writing to that database's
 * outbox, and optionally a test clock. One proxy hop is trusted so tests can pose as different
 * client IPs with X-Forwarded-For.
 */
export async function buildTestApp(
  db: Db,
  options: {
    now?: () => Date;
    env?: Record<string, string>;
    /** The database's address for the change feed, when `db` is not the client createTestDatabase made (a wrapped one). */
    databaseUrl?: string;
    /** Where the server's error log goes (one JSON line each); by default it is silent. */
    errorLog?: { write: (line: string) => void };
    /** The least level errorLog receives: error unless a test asks for warnings too. */
    logLevel?: 'error' | 'warn';
  } = {},
): Promise<FastifyInstance> {
  const sink = await startSmtpSink({ db, port: 0 });
  const fileStore = mkdtempSync(path.join(tmpdir(), 'pp-files-'));
  afterAll(() => rmSync(fileStore, { recursive: true, force: true }));
  afterAll(() => sink.close());
  const config = loadConfig({
    SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
    TRUST_PROXY_HOPS: '1',
    NODE_ENV: 'test',
    DATABASE_URL: 'postgresql://unused-by-injected-client/none',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    GATEWAY_URL: 'http://127.0.0.1:9',
    LOG_LEVEL: 'silent',
    FILE_STORE_DIR: fileStore,
    ...options.env,
  });
  const databaseUrl = options.databaseUrl ?? urlOfTestDatabase(db);
  const app = await buildApp(config, {
    db,
    ...(databaseUrl ? { databaseUrl } : {}),
    ...(options.now ? { now: options.now } : {}),
    logger: options.errorLog ? { level: options.logLevel ?? 'error', stream: options.errorLog } : false,
  });
  afterAll(() => app.close());
  return app;
}

/** The newest outbox message to a recipient (SMS or e-mail). */
export async function latestMessage(db: Db, recipient: string) {
  return db.mailboxMessage.findFirst({ where: { recipient: recipient.toLowerCase() }, orderBy: { id: 'desc' } });
}

/** The 6-digit code in the newest message to a recipient. */
export async function latestOtp(db: Db, recipient: string): Promise<string> {
  const message = await latestMessage(db, recipient);
  const code = message?.textBody.match(/\b(\d{5,6})\b/)?.[1];
  if (!code) throw new Error(`no OTP found for ${recipient}`);
  return code;
}

/**
 * Writes with the change feed's triggers quiet (replica mode), as a bulk load writes: no server
 * hears of it, so what a server keeps still shows the rows as they were.
 */
export const writeUnheard = (db: Db, write: (tx: Parameters<Parameters<Db['$transaction']>[0]>[0]) => Promise<unknown>) =>
  db.$transaction(async (tx) => {
    await tx.$executeRaw`SET LOCAL session_replication_role = replica`;
    await write(tx);
  });

/**
 * Whether `check` holds within `ms`, asked every 20 ms: for what a server learns through the change
 * feed, which is asynchronous (another server's write, a trigger's notification).
 */
export async function eventually(check: () => Promise<boolean>, ms = 3_000): Promise<boolean> {
  for (const until = Date.now() + ms; !(await check());) {
    if (Date.now() > until) return false;
    await new Promise((r) => setTimeout(r, 20));
  }
  return true;
}
