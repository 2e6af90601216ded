import type { FastifyInstance } from 'fastify';
import { api } from '@pp/contract';
import { addRoute } from '../../plugins/app/routes.ts';
import { logout, signin } from './auth.service.ts';

export default async function authRoutes(app: FastifyInstance) {
  addRoute(app, api.auth.signin, async ({ body, request }) => ({
    response: await signin(app, body, { ipAddress: request.ip, userAgent: request.headers['user-agent'] }),
    failureMessage: null,
  }));

  addRoute(app, api.auth.logout, async ({ body, auth }) => ({
    response: await logout(app.db, auth, body, app.now()),
    failureMessage: null,
  }));
}
