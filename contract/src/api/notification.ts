import { z } from 'zod';
import { NOTIFICATION_STATUS } from '../constants.ts';
import { endpoint } from '../endpoint.ts';
import { encryptedTextSchema, envelope, idParamSchema, wholeNumber } from '../envelope.ts';
import { pageQuerySchema, paged } from '../paging.ts';

/** ALERT: written by the group (workflow steps, staff); REMINDER: made from the partner's own data. */
export const NOTIFICATION_KINDS = ['ALERT', 'REMINDER'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** A document whose expiry date falls within this many days (or has passed) makes a reminder. */
export const REMINDER_DAYS_AHEAD = 30;

/** Statutory documents of the onboarding profile that carry an expiry date (statutory part fields). */
export const EXPIRING_STATUTORY_DOCUMENTS = {
  shopEstablishment: 'shopEstablishmentExpiry',
  factoryLicence: 'factoryLicenceExpiry',
} as const;
export type ExpiringStatutoryDocument = keyof typeof EXPIRING_STATUTORY_DOCUMENTS;

/**
 * What a reminder is about, so the page can word it in the reader's language: a statutory
 * document (by key) or a question's certificate (by the question's text), and its expiry date.
 */
export const reminderParamsSchema = z.object({
  expiryDate: z.iso.date(),
  statutoryDocument: z.enum(Object.keys(EXPIRING_STATUTORY_DOCUMENTS) as [ExpiringStatutoryDocument]).optional(),
  questionText: z.string().optional(),
  companyCode: z.number().int(),
});
export type ReminderParams = z.infer<typeof reminderParamsSchema>;

/**
 * A reminder as the partner reads it: what it is about, and the whole days from the server's today
 * to the expiry (negative once it has passed), so the page counts by the server's clock, the
 * developer controls' virtual one too, not the browser's.
 */
export const reminderSchema = reminderParamsSchema.extend({ daysLeft: z.number().int() });

export const notificationSchema = z.object({
  notificationId: z.number().int(),
  /** HTML. */
  description: z.string(),
  notificationStatus: z.enum([NOTIFICATION_STATUS.unread, NOTIFICATION_STATUS.read]),
  kind: z.enum(NOTIFICATION_KINDS),
  /** A reminder's subject; null for alerts. */
  reminder: reminderSchema.nullable(),
  createdAt: z.iso.datetime(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = pageQuerySchema.omit({ searchTerm: true }).extend({
  kind: z.enum(NOTIFICATION_KINDS).optional(),
});
export type NotificationListQuery = z.output<typeof notificationListQuerySchema>;

/** A page of notifications, newest first, and the partner's unread count over all of them. */
export const notificationListSchema = paged(notificationSchema).extend({ unreadCount: z.number().int() });
export type NotificationList = z.infer<typeof notificationListSchema>;

export const notificationIdParamsSchema = z.object({ notificationId: idParamSchema });

/** Scrolling messages of the dashboards (types 2 and 4 on onboarding, 3 and 4 in the partner area). */
export const scrollMessageSchema = z.object({
  id: z.number().int(),
  messageTypeId: z.number().int(),
  /** HTML, as notifications are. */
  message: z.string(),
});
export type ScrollMessage = z.infer<typeof scrollMessageSchema>;

const messageTypeId = z.number().int().min(1).max(99);
export const scrollMessageBodySchema = z
  .object({
    listMessageTypeId: z.array(messageTypeId).min(1).max(10),
    /** The session's login audit number, encrypted (spec section 3). */
    loginAuditNumber: encryptedTextSchema,
  })
  .strict();

/** The spec gives no paths for the bell's calls ("calls used by layouts whose paths are not shown"). */
export const notificationEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/notification/list',
    summary:
      "The signed-in partner's notifications and reminders, newest first, paged, with the unread count; expiring documents make their reminders first",
    tags: ['notification'],
    access: 'partner',
    query: notificationListQuerySchema,
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
  scrollMessagesOfType: endpoint({
    method: 'GET',
    path: '/api/notification/scroll-message/:messageTypeId',
    summary: 'The scrolling messages of one type that are active now, in their order',
    tags: ['notification'],
    access: 'session',
    params: z.object({ messageTypeId: wholeNumber().pipe(messageTypeId) }),
    response: envelope(z.array(scrollMessageSchema)),
  }),
  scrollMessages: endpoint({
    method: 'POST',
    readsOnly: true,
    path: '/api/scroll-message',
    summary: "The scrolling messages of the listed types that are active now, for the session's login audit number",
    tags: ['notification'],
    access: 'session',
    body: scrollMessageBodySchema,
    response: envelope(z.array(scrollMessageSchema)),
  }),
};
