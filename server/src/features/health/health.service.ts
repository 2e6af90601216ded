import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@pp/db';

export const VERSION = '0.1.0';

/** Whether the database answers; the failure goes to the log, not to the caller. */
export async function databaseUp(db: Db, log: FastifyBaseLogger): Promise<boolean> {
  try {
    await db.$queryRaw`SELECT 1`;
    return true;
  } catch (error) {
    log.error({ err: error }, 'database health check failed');
    return false;
  }
}
