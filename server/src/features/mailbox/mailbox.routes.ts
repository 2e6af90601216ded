import type { FastifyInstance } from 'fastify';
import { api } from '@pp/contract';
import { addRoute, ok } from '@pp/platform';
import { listMailbox } from './mailbox.service.ts';

/** Dev-only reading of the local outbox; buildApp does not register it in production. */
export default async function mailboxRoutes(app: FastifyInstance) {
  addRoute(app, api.mailbox.list, async ({ query }) => ok(await listMailbox(app.db, query)));
}
