import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import compression, { COMPRESS_IN_ONE_CALL_BYTES } from './compression.ts';

/** A JSON answer of about `bytes`, as a list page is: rows of similar text. */
const pageOf = (bytes: number) => ({
  items: Array.from({ length: Math.ceil(bytes / 50) }, (_, i) => ({ id: i, name: `Partner ${i} Steel Works`, city: 'Pune' })),
});

const app = Fastify();
await app.register(compression);
app.get('/page/:bytes', async (request) => pageOf(Number((request.params as { bytes: string }).bytes)));
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
});
