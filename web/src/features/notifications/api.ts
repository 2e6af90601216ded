import { queryOptions } from '@tanstack/react-query';
import { encryptId, notificationEndpoints, type NotificationKind } from '@pp/contract';
import { callData } from '../../api/client.ts';
import { session } from '../../session/session.ts';

/** The first page, which the bells read (the unread count covers every page). */
export const notificationsQuery = notificationPageQuery({ pageNo: 1 });

/** One page of the partner's notifications, optionally of one kind. */
export function notificationPageQuery(query: { pageNo: number; pageSize?: number; kind?: NotificationKind }) {
  return queryOptions({
    queryKey: ['notifications', query],
    queryFn: () => callData(notificationEndpoints.list, { query }),
  });
}

export async function markNotificationRead(notificationId: number) {
  return await callData(notificationEndpoints.markRead, { params: { notificationId } });
}

/** The scrolling messages of the given types (2 and 4 on the onboarding dashboard, 3 and 4 in the partner area). */
export function scrollMessagesQuery(listMessageTypeId: readonly number[]) {
  return queryOptions({
    queryKey: ['scroll-messages', listMessageTypeId],
    queryFn: async () =>
      await callData(notificationEndpoints.scrollMessages, {
        body: { listMessageTypeId: [...listMessageTypeId], loginAuditNumber: encryptId(session.get().auditNumber ?? '') },
      }),
    staleTime: 5 * 60_000,
  });
}
