import { describe, expect, it } from 'vitest';
import { CaptureQueue, type JournalCapture } from './capture-queue.ts';

const capture = (n: number, more: Partial<JournalCapture> = {}): JournalCapture => ({
  atMs: 1_796_000_000_000 + n,
  method: 'GET',
  url: `/partner-api/api/partner/info?n=${n}`,
  routeUrl: '/partner-api/api/partner/info',
  operationId: 'partnerInfo',
  status: 200,
  durationMs: 3,
  userId: 7,
  client: `tab-${n}`,
  ip: '127.0.0.1',
  fault: null,
  requestHeaders: { host: '127.0.0.1:8290', accept: 'application/json' },
  requestBody: undefined,
  responseHeaders: { 'content-type': 'application/json; charset=utf-8', 'content-length': 17 },
  payload: Buffer.from(`{"response":${n}}`),
  ...more,
});

const taken = (queue: CaptureQueue) => {
  const all = [];
  while (queue.batchLeft > 0) all.push(queue.takeNext());
  return all;
};

describe('the journal queue', () => {
  it('gives back every part of a capture as it was queued, headers as one string each', () => {
    const queue = new CaptureQueue({ maxEntries: 10, maxBytes: 100_000 });
    const body = { question: 'KYP क्या है?' };
    queue.push(
      capture(1, {
        method: 'POST',
        client: 'टैब 1',
        userId: null,
        operationId: null,
        routeUrl: undefined,
        fault: 4,
        status: 0,
        requestBody: body,
        requestHeaders: { 'content-type': 'application/json', cookie: ['a=1', 'b=2'], 'x-note': 'a: b' },
        responseHeaders: { 'set-cookie': ['s=1', 't=2'], 'content-length': 0 },
        payload: '{"response":"ठीक है"}',
      }),
    );
    expect(queue.takeBatch()).toBe(1);
    expect(queue.takeNext()).toEqual({
      atMs: 1_796_000_000_001,
      method: 'POST',
      url: '/partner-api/api/partner/info?n=1',
      routeUrl: undefined,
      operationId: null,
      status: 0,
      durationMs: 3,
      userId: null,
      client: 'टैब 1',
      ip: '127.0.0.1',
      fault: 4,
      requestHeaders: { 'content-type': 'application/json', cookie: 'a=1, b=2', 'x-note': 'a: b' },
      // The body is the request's own: the writer serialises it only if it keeps the entry.
      requestBody: body,
      responseHeaders: { 'set-cookie': 's=1, t=2', 'content-length': '0' },
      payload: '{"response":"ठीक है"}',
      copied: true,
    });
    expect(queue.batchLeft).toBe(0);
  });

  it('copies bytes sent for the first time, and holds bytes sent again (a kept answer) as they are', () => {
    const queue = new CaptureQueue({ maxEntries: 10, maxBytes: 100_000 });
    const kept = Buffer.from('{"response":"kept"}');
    const image = Buffer.from([0xff, 0xd8, 0xff]);
    queue.push(capture(1, { payload: kept }));
    queue.push(capture(2, { payload: kept }));
    queue.push(capture(3, { payload: image, responseHeaders: { 'content-type': 'image/jpeg' } }));
    queue.takeBatch();
    const [first, again, bytes] = taken(queue);
    expect([first!.copied, first!.payload]).toEqual([true, '{"response":"kept"}']);
    expect(again!.copied).toBe(false);
    expect(again!.payload).toBe(kept);
    expect(bytes!.payload).toBe(image);
  });

  it('keeps at most the caps waiting, the oldest going first, and the batch older still with them', () => {
    const queue = new CaptureQueue({ maxEntries: 3, maxBytes: 100_000 });
    for (let n = 0; n < 3; n++) expect(queue.push(capture(n))).toBe(0);
    expect(queue.takeBatch()).toBe(3);
    expect(queue.takeNext()!.client).toBe('tab-0');
    queue.push(capture(3));
    queue.push(capture(4));
    queue.push(capture(5));
    expect(queue.batchLeft).toBe(2);
    // The fourth capture waiting pushes out the oldest: the batch is older still, past the caps too.
    expect(queue.push(capture(6))).toBe(1);
    expect(queue.batchLeft).toBe(0);
    expect(queue.takeNext()).toBeUndefined();
    expect(queue.waiting.entries).toBe(3);
    queue.takeBatch();
    expect(taken(queue).map((c) => c!.client)).toEqual(['tab-4', 'tab-5', 'tab-6']);
  });

  it('keeps the waiting captures within the bytes cap', () => {
    const queue = new CaptureQueue({ maxEntries: 100, maxBytes: 10_000 });
    for (let n = 0; n < 50; n++) queue.push(capture(n, { payload: `{"text":"${'x'.repeat(1_000)}"}` }));
    expect(queue.waiting.bytes).toBeLessThanOrEqual(10_000);
    expect(queue.waiting.entries).toBeGreaterThan(5);
    expect(queue.waiting.entries).toBeLessThan(10);
    queue.takeBatch();
    expect(taken(queue).at(-1)!.client).toBe('tab-49');
  });

  it('passes over a capture whose copies newer ones have written over, and holds what the ring refuses', () => {
    const small = new CaptureQueue({ maxEntries: 1_000, maxBytes: 10_000 });
    small.push(capture(0, { requestHeaders: { 'x-long': 'y'.repeat(6_000) } }));
    small.takeBatch();
    // A record too long to share the ring is held as it is.
    expect(small.takeNext()!.requestHeaders['x-long']).toBe('y'.repeat(6_000));

    // The caps count an answer only as far as the journal keeps it; the ring copies it whole.
    const queue = new CaptureQueue({ maxEntries: 1_000, maxBytes: 1_000_000 });
    const large = (n: number) => capture(n, { payload: Buffer.from(`{"n":${n},"text":"${'x'.repeat(300_000)}"}`) });
    queue.push(large(0));
    queue.takeBatch();
    for (let n = 1; n <= 10; n++) queue.push(large(n));
    expect(queue.batchLeft).toBe(1);
    expect(queue.takeNext()).toBeUndefined();
    queue.takeBatch();
    const batch = taken(queue);
    expect(batch).toHaveLength(10);
    expect(batch[0]).toBeUndefined();
    expect((batch[9]!.payload as string).startsWith('{"n":10,')).toBe(true);
  });
});
