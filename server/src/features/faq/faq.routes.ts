import type { FastifyInstance } from 'fastify';
import { LOGIN_PAGE_MESSAGE_TYPE, api } from '@pp/contract';
import { addRoute } from '../../plugins/app/routes.ts';

export default async function faqRoutes(app: FastifyInstance) {
  addRoute(app, api.faq.loginPageNotification, async () => {
    const now = app.now();
    const messages = await app.db.portalMessage.findMany({
      where: {
        messageTypeId: LOGIN_PAGE_MESSAGE_TYPE,
        isActive: true,
        AND: [{ OR: [{ validFrom: null }, { validFrom: { lte: now } }] }, { OR: [{ validTo: null }, { validTo: { gte: now } }] }],
      },
      orderBy: [{ sortOrder: 'asc' }, { id: 'asc' }],
    });
    return {
      response: messages.map((m) => ({ notificationId: m.id, description: m.message })),
      failureMessage: null,
    };
  });
}
