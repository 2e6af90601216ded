import type { FastifyInstance } from 'fastify';
import { api } from '@pp/contract';
import { addRoute, ok } from '@pp/platform';
import { listNotifications, markNotificationRead, scrollMessages } from './notifications.service.ts';

export default async function notificationRoutes(app: FastifyInstance) {
  addRoute(app, api.notification.list, async ({ partnerId, query, say }) =>
    ok(await listNotifications(app.db, partnerId, query, app.now(), say)),
  );
  addRoute(app, api.notification.markRead, async ({ partnerId, params, say }) =>
    ok(await markNotificationRead(app.db, partnerId, params.notificationId, app.now(), say)),
  );
  addRoute(app, api.notification.scrollMessagesOfType, async ({ params, language }) =>
    ok(await scrollMessages(app.db, [params.messageTypeId], app.now(), language)),
  );
  addRoute(app, api.notification.scrollMessages, async ({ auth, body, language }) =>
    ok(
      await scrollMessages(app.db, body.listMessageTypeId, app.now(), language, {
        auth,
        loginAuditNumber: body.loginAuditNumber,
      }),
    ),
  );
}
