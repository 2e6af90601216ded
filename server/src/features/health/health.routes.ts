import type { FastifyInstance } from 'fastify';
import { api } from '@pp/contract';
import { addRoute } from '@pp/platform';

export const VERSION = '0.1.0';

export default async function healthRoutes(app: FastifyInstance) {
  addRoute(app, api.health.health, async ({ reply }) => {
    const up = await app.db.$queryRaw`SELECT 1`.then(
      () => true,
      (error: unknown) => {
        app.log.error({ err: error }, 'database health check failed');
        return false;
      },
    );
    if (!up) reply.code(503);
    return {
      status: up ? ('ok' as const) : ('degraded' as const),
      database: up ? ('up' as const) : ('down' as const),
      version: VERSION,
    };
  });
}
