import type { FastifyInstance } from 'fastify';
import { api } from '@pp/contract';
import { addRoute, ok } from '@pp/platform';
import { listNotifications, markNotificationRead } from './notifications.service.ts';

export default async function notificationRoutes(app: FastifyInstance) {
  addRoute(app, api.notification.list, async ({ partnerId }) => ok(await listNotifications(app.db, partnerId)));
  addRoute(app, api.notification.markRead, async ({ partnerId, params }) =>
    ok(await markNotificationRead(app.db, partnerId, params.notificationId, app.now())),
  );
}
