import compress from '@fastify/compress';
import fp from 'fastify-plugin';
import { onlyReads } from '@pp/platform';

/** gzip/brotli for API bodies and the web app's assets (the JS bundle shrinks about threefold). */
export default fp(
  async (app) => {
    // A GET or HEAD has no body to inflate: the inflating hook on every such route was work on every read.
    app.addHook('onRoute', (route) => {
      if (onlyReads(route.method)) route.decompress ??= false;
    });
    await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  },
  { name: 'compression' },
);
