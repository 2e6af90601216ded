import type { FastifyInstance } from 'fastify';
import { TEXTS, api, isLoopbackAddress } from '@pp/contract';
import { NotFound, addRoute, ok } from '@pp/platform';
import { listMailbox } from './mailbox.service.ts';

/**
 * Dev-only reading of the local outbox. It shows every OTP and verification link, so by default
 * only a client on this machine may read it, and buildApp leaves it out when DEV_MAILBOX is off.
 */
export default async function mailboxRoutes(app: FastifyInstance) {
  if (app.config.devMailbox === 'loopback') {
    // Answered as if the route did not exist, so a stranger learns nothing about it.
    app.addHook('onRequest', async (request) => {
      if (!isLoopbackAddress(request.ip)) throw NotFound(TEXTS.routeNotFound(request.method, request.url));
    });
  } else {
    app.log.warn('the dev mailbox answers every client (DEV_MAILBOX=open): anyone who reaches it can read OTPs');
  }
  addRoute(app, api.mailbox.list, async ({ query }) => ok(await listMailbox(app.db, query)));
}
