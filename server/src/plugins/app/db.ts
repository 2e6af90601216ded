import fp from 'fastify-plugin';
import { createDb, type Db } from '@pp/db';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

/** Prisma Client on app.db; an injected client (tests, scripts) is left for its owner to close. */
export default fp<{ db?: Db }>(
  async (app, opts) => {
    const db = opts.db ?? createDb(app.config.databaseUrl);
    app.decorate('db', db);
    if (!opts.db) app.addHook('onClose', () => db.$disconnect());
  },
  { name: 'db', dependencies: ['config'] },
);
