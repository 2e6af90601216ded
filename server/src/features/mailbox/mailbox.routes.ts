import type { FastifyInstance } from 'fastify';
import { api } from '@pp/contract';
import { addRoute } from '../../plugins/app/routes.ts';

/** Dev-only reading of the local outbox; buildApp does not register it in production. */
export default async function mailboxRoutes(app: FastifyInstance) {
  addRoute(app, api.mailbox.list, async ({ query }) => {
    const messages = await app.db.mailboxMessage.findMany({
      where: query.recipient ? { recipient: query.recipient } : {},
      orderBy: { id: 'desc' },
      take: query.limit,
    });
    return {
      response: messages.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
      failureMessage: null,
    };
  });
}
