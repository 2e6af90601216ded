import fp from 'fastify-plugin';
import { createFileStore, type FileStore } from '../../lib/file-store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    files: FileStore;
  }
}

/** The file store of uploads (FILE_STORE_DIR). */
export default fp(
  async (app) => {
    app.decorate('files', createFileStore(app.config.fileStoreDir));
  },
  { name: 'files', dependencies: ['config'] },
);
