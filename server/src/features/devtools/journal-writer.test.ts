import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '@pp/db';
import type { FastifyBaseLogger } from 'fastify';
import { JournalWriter } from './journal.ts';
import type { JournalCapture } from './capture-queue.ts';

const capture = (client: string): JournalCapture => ({
  atMs: 1_796_000_000_000,
  method: 'GET',
  url: '/partner-api/health',
  routeUrl: '/partner-api/health',
  operationId: 'health',
  status: 200,
  durationMs: 1,
  userId: null,
  client,
  ip: '127.0.0.1',
  fault: null,
  requestHeaders: { host: '127.0.0.1' },
  requestBody: undefined,
  responseHeaders: { 'content-type': 'application/json; charset=utf-8' },
  payload: '{"response":"ok"}',
});

/** The database as the writer uses it: what it inserts is noted, in order; the rest answers at once. */
function recordingDatabase() {
  const written: string[] = [];
  const db = {
    devJournalEntry: { deleteMany: async () => ({ count: 0 }) },
    $queryRawUnsafe: async (_text: string, rows: string) => {
      for (const row of JSON.parse(rows) as { client: string }[]) written.push(row.client);
      return [];
    },
    $executeRaw: async () => 0,
  };
  return { db: db as unknown as Db, written };
}

const log = { debug: () => {}, warn: () => {} } as unknown as FastifyBaseLogger;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the journal writer on its own', () => {
  it('writes within a second of the answer; of more than its caps in that second, the newest', async () => {
    const { db, written } = recordingDatabase();
    const writer = new JournalWriter(() => db, { maxEntries: 5, maxBytes: 1_000_000 }, log);

    writer.add(capture('a'));
    await vi.advanceTimersByTimeAsync(999);
    expect(written).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(written).toEqual(['a']);

    for (let i = 0; i < 8; i++) writer.add(capture(`b${i}`));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(written.slice(1)).toEqual(['b3', 'b4', 'b5', 'b6', 'b7']);
  });

  it('writes at once for a reader', async () => {
    const { db, written } = recordingDatabase();
    const writer = new JournalWriter(() => db, { maxEntries: 5, maxBytes: 1_000_000 }, log);
    for (let i = 0; i < 8; i++) writer.add(capture(`c${i}`));
    const flushed = writer.flush();
    await vi.advanceTimersByTimeAsync(0);
    await flushed;
    expect(written).toEqual(['c3', 'c4', 'c5', 'c6', 'c7']);
  });
});
