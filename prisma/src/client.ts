import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from './generated/prisma/client.ts';
import { preparedRunsOn } from './prepared.ts';

export type Db = PrismaClient;

/**
 * Prisma Client over node-postgres: the driver adapter needs no native query engine. The pool is
 * made here so the prepared statements of hot paths (prepared.ts) share it.
 */
export function createDb(databaseUrl: string, options: { max?: number } = {}): Db {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: options.max ?? 10 });
  const db = new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
  preparedRunsOn(db, pool);
  return db;
}
