import type { FastifyInstance } from 'fastify';
import { NOTIFICATION_STATUS, api, type Notification } from '@pp/contract';
import { NotFound } from '../../lib/app-error.ts';
import { addRoute } from '../../plugins/app/routes.ts';
import { partnerIdOf } from '../partner/partner.service.ts';

/** How many notifications the bell lists (the box is at most 300 x 400 px). */
const LIST_LIMIT = 50;

function toNotification(n: {
  notificationId: number;
  description: string;
  notificationStatus: string;
  createdAt: Date;
}): Notification {
  return {
    notificationId: n.notificationId,
    description: n.description,
    notificationStatus: n.notificationStatus === NOTIFICATION_STATUS.read ? 'R' : 'D',
    createdAt: n.createdAt.toISOString(),
  };
}

export default async function notificationRoutes(app: FastifyInstance) {
  addRoute(app, api.notification.list, async ({ auth }) => {
    const partnerId = partnerIdOf(auth);
    const [unreadCount, notifications] = await Promise.all([
      app.db.notification.count({ where: { partnerId, notificationStatus: NOTIFICATION_STATUS.unread } }),
      app.db.notification.findMany({ where: { partnerId }, orderBy: { notificationId: 'desc' }, take: LIST_LIMIT }),
    ]);
    return { response: { unreadCount, notifications: notifications.map(toNotification) }, failureMessage: null };
  });

  addRoute(app, api.notification.markRead, async ({ auth, params }) => {
    const partnerId = partnerIdOf(auth);
    // Access is enforced in the where: another partner's notification is simply not found.
    const updated = await app.db.notification.updateManyAndReturn({
      where: { notificationId: params.notificationId, partnerId },
      data: { notificationStatus: NOTIFICATION_STATUS.read, readAt: app.now() },
    });
    const notification = updated[0];
    if (!notification) throw NotFound('Notification not found.');
    return { response: toNotification(notification), failureMessage: null };
  });
}
