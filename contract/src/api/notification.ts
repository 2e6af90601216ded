import { z } from 'zod';
import { NOTIFICATION_STATUS } from '../constants.ts';
import { endpoint } from '../endpoint.ts';
import { envelope, idParamSchema } from '../envelope.ts';

export const notificationSchema = z.object({
  notificationId: z.number().int(),
  /** HTML. */
  description: z.string(),
  notificationStatus: z.enum([NOTIFICATION_STATUS.unread, NOTIFICATION_STATUS.read]),
  createdAt: z.iso.datetime(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({
  unreadCount: z.number().int(),
  notifications: z.array(notificationSchema),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const notificationIdParamsSchema = z.object({ notificationId: idParamSchema });

/** The spec gives no paths for the bell's calls ("calls used by layouts whose paths are not shown"). */
export const notificationEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/notification/list',
    summary: "The signed-in partner's notifications, newest first, with the unread count",
    tags: ['notification'],
    access: 'partner',
    response: envelope(notificationListSchema),
  }),
  markRead: endpoint({
    method: 'POST',
    path: '/api/notification/status/:notificationId',
    summary: 'Mark a notification read (D → R); answers the updated notification',
    tags: ['notification'],
    access: 'partner',
    params: notificationIdParamsSchema,
    response: envelope(notificationSchema),
  }),
};
