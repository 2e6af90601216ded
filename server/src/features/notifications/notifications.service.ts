import { MESSAGES, NOTIFICATION_STATUS, type Notification, type NotificationList } from '@pp/contract';
import type { Db } from '@pp/db';
import { NotFound } from '@pp/platform';

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

export async function listNotifications(db: Db, partnerId: number): Promise<NotificationList> {
  const [unreadCount, notifications] = await Promise.all([
    db.notification.count({ where: { partnerId, notificationStatus: NOTIFICATION_STATUS.unread } }),
    db.notification.findMany({ where: { partnerId }, orderBy: { notificationId: 'desc' }, take: LIST_LIMIT }),
  ]);
  return { unreadCount, notifications: notifications.map(toNotification) };
}

/** D → R; another partner's notification is simply not found (access is in the where). */
export async function markNotificationRead(db: Db, partnerId: number, notificationId: number, now: Date): Promise<Notification> {
  const [updated] = await db.notification.updateManyAndReturn({
    where: { notificationId, partnerId },
    data: { notificationStatus: NOTIFICATION_STATUS.read, readAt: now },
  });
  if (!updated) throw NotFound(MESSAGES.notificationNotFound);
  return toNotification(updated);
}
