import multipart from '@fastify/multipart';
import fp from 'fastify-plugin';
import { UPLOAD_MAX_BYTES } from '@pp/contract';

/** multipart/form-data for uploads: one file of at most UPLOAD_MAX_BYTES and a few small fields. */
export default fp(
  async (app) => {
    await app.register(multipart, {
      limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 50 },
    });
  },
  { name: 'multipart' },
);
