import type { FastifyInstance } from 'fastify';
import { api } from '@pp/contract';
import { addRoute, ok } from '@pp/platform';
import { limitSignins } from '../../lib/limits.ts';
import { logout, signin } from './auth.service.ts';

export default async function authRoutes(app: FastifyInstance) {
  addRoute(app, api.auth.signin, async ({ body, request }) => {
    await limitSignins(app, request.ip);
    return ok(await signin(app, body, { ipAddress: request.ip, userAgent: request.headers['user-agent'] }));
  });
  addRoute(app, api.auth.logout, async ({ body, auth }) => ok(await logout(app.db, auth, body, app.now())));
}
