import type { FastifyInstance } from 'fastify';
import { MESSAGES, api } from '@pp/contract';
import { LIMITS } from '../../lib/limits.ts';
import { consumeRateLimit } from '../../lib/rate-limit.ts';
import { addRoute } from '@pp/platform';
import { logout, signin } from './auth.service.ts';

export default async function authRoutes(app: FastifyInstance) {
  addRoute(app, api.auth.signin, async ({ body, request }) => {
    await consumeRateLimit(app.db, `signin:${request.ip}`, LIMITS.signinPerIp, app.now(), MESSAGES.tooManyRequests);
    return {
      response: await signin(app, body, { ipAddress: request.ip, userAgent: request.headers['user-agent'] }),
      failureMessage: null,
    };
  });

  addRoute(app, api.auth.logout, async ({ body, auth }) => ({
    response: await logout(app.db, auth, body, app.now()),
    failureMessage: null,
  }));
}
