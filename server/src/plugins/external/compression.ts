import compress from '@fastify/compress';
import fp from 'fastify-plugin';

/** gzip/brotli for API bodies and the web app's assets (the JS bundle shrinks about threefold). */
export default fp(
  async (app) => {
    await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  },
  { name: 'compression' },
);
