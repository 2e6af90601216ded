import zlib from 'node:zlib';
import compress from '@fastify/compress';
import fp from 'fastify-plugin';
import { isWrittenOnce, onlyReads } from '@pp/platform';

/**
 * Answers up to this size are compressed in one call on the event loop, larger ones through a
 * zlib stream. The library's default bound scales down with the cores (8 KiB on two), and a stream
 * per answer is the dearer way: an 11 KiB JSON page (the forensics list searched at 350,000 partners)
 * took 2.2 ms of the server's CPU through the stream and brotli, against 0.1 ms in one call
 * (brotliCompressSync at the plugin's quality 4) — which made the bigger pages of a list cost
 * twice the smaller ones. 64 KiB compresses in one call in about 0.2 ms.
 */
export const COMPRESS_IN_ONE_CALL_BYTES = 64 * 1024;

type CompressSync = (payload: Buffer, options?: zlib.BrotliOptions & zlib.ZlibOptions) => Buffer;

/**
 * A kept answer (served from memory as the same bytes each time) is compressed once per encoding,
 * its compressed bytes kept beside it for as long as it lives. A browser asks for every answer
 * compressed: the 7.7 KB orders page, kept, was brotli'd again on each serving, and ran at 5,660
 * req/s asked as Chromium asks (Accept-Encoding: gzip, deflate, br, zstd) against 18,750 asked
 * plain; compressed once, 17,590. Any other answer is compressed as it comes.
 */
export const keptCompressed = (compressSync: CompressSync): CompressSync => {
  const compressedOnce = new WeakMap<Buffer, Buffer>();
  return (payload, options) => {
    if (!isWrittenOnce(payload)) return compressSync(payload, options);
    let compressed = compressedOnce.get(payload);
    if (!compressed) compressedOnce.set(payload, (compressed = compressSync(payload, options)));
    return compressed;
  };
};

/** gzip/brotli for API bodies (the web app's assets are served as the build compressed them). */
export default fp(
  async (app) => {
    // A GET or HEAD has no body to inflate: the inflating hook on every such route was work on every read.
    app.addHook('onRoute', (route) => {
      if (onlyReads(route.method)) route.decompress ??= false;
    });
    await app.register(compress, {
      global: true,
      threshold: 1024,
      encodings: ['br', 'gzip'],
      syncThreshold: COMPRESS_IN_ONE_CALL_BYTES,
      // The plugin takes the one-call compressors from here and its streams from node:zlib.
      zlib: { brotliCompressSync: keptCompressed(zlib.brotliCompressSync), gzipSync: keptCompressed(zlib.gzipSync) },
    });
  },
  { name: 'compression' },
);
