import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { z } from 'zod';
import { afterAll, describe, expect, it } from 'vitest';
import { envelope, type Endpoint } from '@pp/contract';
import { addRoute, ok, useContractSchemas, writtenOnce } from '@pp/platform';
import compression, { COMPRESS_IN_ONE_CALL_BYTES, keptCompressed } from './compression.ts';

/** A JSON answer of about `bytes`, as a list page is: rows of similar text. */
const pageOf = (bytes: number) => ({
  items: Array.from({ length: Math.ceil(bytes / 50) }, (_, i) => ({ id: i, name: `Partner ${i} Steel Works`, city: 'Pune' })),
});

/** A page kept as answered (as the servers' caches keep theirs) and served again. */
const keptPage = {
  method: 'GET',
  path: '/kept',
  summary: 'A kept page',
  tags: ['test'],
  access: 'public',
  response: envelope(z.object({ items: z.array(z.object({ id: z.number(), name: z.string(), city: z.string() })) })),
} satisfies Endpoint;

const app = Fastify();
useContractSchemas(app);
await app.register(compression);
app.get('/page/:bytes', async (request) => pageOf(Number((request.params as { bytes: string }).bytes)));
const kept = writtenOnce(ok(pageOf(8_000)));
addRoute(app, keptPage, () => kept);
await app.ready();
afterAll(() => app.close());

describe('compressed answers', () => {
  it('compress a list page in one piece, with its length, in br or gzip as the client takes', async () => {
    const expected = JSON.stringify(pageOf(20_000));
    expect(expected.length).toBeGreaterThan(16 * 1024);
    const br = await app.inject({ url: '/page/20000', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(expected);
    const gzip = await app.inject({ url: '/page/20000', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(Number(gzip.headers['content-length'])).toBe(gzip.rawPayload.length);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(expected);
  });

  it('stream an answer larger than that, and leave a small one as it is', async () => {
    const large = await app.inject({ url: `/page/${2 * COMPRESS_IN_ONE_CALL_BYTES}`, headers: { 'accept-encoding': 'br' } });
    expect(large.headers['content-encoding']).toBe('br');
    expect(large.headers['content-length']).toBeUndefined();
    expect(JSON.parse(brotliDecompressSync(large.rawPayload).toString())).toEqual(pageOf(2 * COMPRESS_IN_ONE_CALL_BYTES));
    const small = await app.inject({ url: '/page/500', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual(pageOf(500));
  });

  it('serve a kept page compressed as each client takes it, however they alternate', async () => {
    const expected = JSON.stringify(ok(pageOf(8_000)));
    for (const encoding of ['br', 'gzip', 'br', 'identity', 'gzip']) {
      const answer = await app.inject({ url: '/kept', headers: { 'accept-encoding': encoding } });
      expect(answer.statusCode).toBe(200);
      const text =
        encoding === 'br'
          ? brotliDecompressSync(answer.rawPayload)
          : encoding === 'gzip'
            ? gunzipSync(answer.rawPayload)
            : answer.rawPayload;
      expect(answer.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
      expect(Number(answer.headers['content-length'])).toBe(answer.rawPayload.length);
      expect(text.toString()).toBe(expected);
    }
  });

  it('compress the bytes of an answer written once once per encoding, any other bytes every time', () => {
    const calls = { br: 0, gzip: 0 };
    const br = keptCompressed((payload) => (calls.br++, Buffer.from(`br ${payload.length}`)));
    const gzip = keptCompressed((payload) => (calls.gzip++, Buffer.from(`gzip ${payload.length}`)));
    // The bytes the route's serializer writes for a kept answer, and sends on every serving.
    const answer = writtenOnce(ok({ a: 1 })) as unknown as { write(serialize: (data: unknown) => string): Buffer };
    const keptBytes = answer.write(JSON.stringify);
    expect(answer.write(JSON.stringify)).toBe(keptBytes);
    expect(br(keptBytes)).toBe(br(keptBytes));
    expect(gzip(keptBytes).toString()).toBe(`gzip ${keptBytes.length}`);
    gzip(keptBytes);
    expect(calls).toEqual({ br: 1, gzip: 1 });
    const fresh = Buffer.from(JSON.stringify(ok({ a: 1 })));
    br(fresh);
    br(fresh);
    expect(calls).toEqual({ br: 3, gzip: 1 });
  });
});
