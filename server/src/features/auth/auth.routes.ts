import type { FastifyInstance, FastifyRequest } from 'fastify';
import { api } from '@pp/contract';
import { addRoute, ok } from '@pp/platform';
import { limitSignins } from '../../lib/limits.ts';
import {
  extendSession,
  groupSignin,
  logout,
  procurementExchange,
  procurementTicket,
  signin,
  summaryLogin,
} from './auth.service.ts';

export default async function authRoutes(app: FastifyInstance) {
  const clientOf = (request: FastifyRequest) => ({ ipAddress: request.ip, userAgent: request.headers['user-agent'] });
  addRoute(app, api.auth.signin, async ({ body, request }) => {
    await limitSignins(app, request.ip);
    return ok(await signin(app, body, clientOf(request)));
  });
  addRoute(app, api.auth.groupSignin, async ({ body, request }) => {
    await limitSignins(app, request.ip);
    return ok(await groupSignin(app, body, clientOf(request)));
  });
  addRoute(app, api.auth.summaryLogin, async ({ body, request }) => {
    await limitSignins(app, request.ip);
    return ok(await summaryLogin(app, body, clientOf(request)));
  });
  addRoute(app, api.auth.procurementTicket, async ({ auth }) => ok(await procurementTicket(app, auth)));
  addRoute(app, api.auth.procurementExchange, async ({ body, request }) => {
    await limitSignins(app, request.ip);
    return ok(await procurementExchange(app, body.ticket));
  });
  addRoute(app, api.auth.extendSession, async ({ auth }) => {
    const extended = await extendSession(app, auth);
    app.sessions.forget(auth.sessionId);
    return ok(extended);
  });
  addRoute(app, api.auth.logout, async ({ body, auth, say }) => {
    const done = await logout(app.db, auth, body, app.now());
    // The token stops working on this server at once, not when the change feed tells it.
    app.sessions.forget(auth.sessionId);
    return ok(say(done));
  });
}
