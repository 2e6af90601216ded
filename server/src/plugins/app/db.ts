import fp from 'fastify-plugin';
import { createDb, type Db } from '@pp/db';
import { noChangeFeed, startChangeFeed, type ChangeFeed } from '../../lib/change-feed.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    /** Changes to rows the server keeps in memory, from every instance (lib/change-feed.ts). */
    changes: ChangeFeed;
    /** The database's address where known (an injected client may come without it): what whole-database work connects to. */
    databaseUrl: string | null;
  }
}

/**
 * Prisma Client on app.db; an injected client (tests, scripts) is left for its owner to close.
 * The change feed listens on the same database: its own address, or the injected one's `url`.
 */
export default fp<{ db?: Db; url?: string }>(
  async (app, opts) => {
    const db = opts.db ?? createDb(app.config.databaseUrl);
    app.decorate('db', db);
    if (!opts.db) app.addHook('onClose', () => db.$disconnect());
    const url = opts.db ? opts.url : app.config.databaseUrl;
    app.decorate('databaseUrl', url ?? null);
    const changes = url ? startChangeFeed(url, app.log) : noChangeFeed();
    app.decorate('changes', changes);
    app.addHook('onClose', () => changes.close());
  },
  { name: 'db', dependencies: ['config'] },
);
