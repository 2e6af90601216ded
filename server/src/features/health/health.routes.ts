import type { FastifyInstance } from 'fastify';
import { api } from '@pp/contract';
import { addRoute } from '@pp/platform';
import { VERSION, databaseUp } from './health.service.ts';

export default async function healthRoutes(app: FastifyInstance) {
  // Health answers in its own shape (load balancers read it), not the envelope; 503 when the database is down.
  addRoute(app, api.health.health, async ({ reply }) => {
    const up = await databaseUp(app.db, app.log);
    if (!up) void reply.code(503);
    return {
      status: up ? ('ok' as const) : ('degraded' as const),
      database: up ? ('up' as const) : ('down' as const),
      version: VERSION,
    };
  });
}
