import type { FastifyInstance } from 'fastify';
import { api } from '@pp/contract';
import { addRoute, ok } from '@pp/platform';
import { guardDevService } from '../../lib/dev-access.ts';
import { listMailbox } from './mailbox.service.ts';

/**
 * Dev-only reading of the local outbox. It shows every OTP and verification link, so by default
 * only a client on this machine may read it, and buildApp leaves it out when DEV_MAILBOX is off.
 */
export default async function mailboxRoutes(app: FastifyInstance) {
  if (app.config.devMailbox !== 'off') guardDevService(app, app.config.devMailbox, 'the dev mailbox (DEV_MAILBOX=open)');
  addRoute(app, api.mailbox.list, async ({ query }) => ok(await listMailbox(app.db, query)));
}
