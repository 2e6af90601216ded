import {
  TEXTS,
  isText,
  NOTIFICATION_STATUS,
  reminderParamsSchema,
  type Notification,
  type NotificationList,
  type NotificationListQuery,
  type ScrollMessage,
  type Language,
} from '@pp/contract';
import type { Db } from '@pp/db';
import { NotFound, type AuthContext, type Message, nameIn } from '@pp/platform';

type Say = (message: Message) => string;
import { keysetPage } from '../../lib/paging.ts';
import { activePortalMessages, assertOwnAuditNumber } from '../../lib/portal-messages.ts';
import { daysUntil, makeDueReminders } from './reminders.ts';

interface NotificationRow {
  notificationId: number;
  description: string;
  notificationStatus: string;
  kind: string;
  params: unknown;
  createdAt: Date;
}

/** A notification as the reader sees it: one made from a catalogue text is said in the reader's language. */
function toNotification(n: NotificationRow, say: Say, now: Date): Notification {
  const reminder = n.kind === 'REMINDER' ? reminderParamsSchema.safeParse(n.params) : null;
  return {
    notificationId: n.notificationId,
    description: n.kind !== 'REMINDER' && isText(n.params) ? say(n.params) : n.description,
    notificationStatus: n.notificationStatus === NOTIFICATION_STATUS.read ? 'R' : 'D',
    kind: n.kind === 'REMINDER' ? 'REMINDER' : 'ALERT',
    reminder: reminder?.success ? { ...reminder.data, daysLeft: daysUntil(reminder.data.expiryDate, now) } : null,
    createdAt: n.createdAt.toISOString(),
  };
}

/** A page of the partner's notifications, newest first, after making the reminders now due. */
export async function listNotifications(
  db: Db,
  partnerId: number,
  query: NotificationListQuery,
  now: Date,
  say: Say,
): Promise<NotificationList> {
  await makeDueReminders(db, partnerId, now);
  const where = { partnerId, ...(query.kind ? { kind: query.kind } : {}) };
  const [unreadCount, page] = await Promise.all([
    db.notification.count({ where: { partnerId, notificationStatus: NOTIFICATION_STATUS.unread } }),
    keysetPage<NotificationRow, number>(query, {
      total: () => db.notification.count({ where }),
      rows: ({ after, skip, take }) =>
        db.notification.findMany({
          where: { ...where, ...(after === null ? {} : { notificationId: { lt: after } }) },
          orderBy: { notificationId: 'desc' },
          skip,
          take,
        }),
      keyOf: (n) => n.notificationId,
    }),
  ]);
  return { ...page, items: page.items.map((n) => toNotification(n, say, now)), unreadCount };
}

/** D → R; another partner's notification is simply not found (access is in the where). */
export async function markNotificationRead(
  db: Db,
  partnerId: number,
  notificationId: number,
  now: Date,
  say: Say,
): Promise<Notification> {
  const [updated] = await db.notification.updateManyAndReturn({
    where: { notificationId, partnerId },
    data: { notificationStatus: NOTIFICATION_STATUS.read, readAt: now },
  });
  if (!updated) throw NotFound(TEXTS.notificationNotFound);
  return toNotification(updated, say, now);
}

/**
 * The scrolling messages of the given types active now (the dashboards ask for 2 and 4, or 3 and
 * 4); the POST form names the session's encrypted login audit number, which must be its own.
 */
export async function scrollMessages(
  db: Db,
  messageTypeIds: number[],
  now: Date,
  language: Language,
  caller?: { auth: AuthContext; loginAuditNumber: string },
): Promise<ScrollMessage[]> {
  if (caller) assertOwnAuditNumber(caller.auth, caller.loginAuditNumber);
  const messages = await activePortalMessages(db, messageTypeIds, now);
  return messages.map((m) => ({ id: m.id, messageTypeId: m.messageTypeId, message: nameIn(language, m.message, m.messageHi) }));
}
