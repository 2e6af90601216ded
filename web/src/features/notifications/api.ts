import { queryOptions } from '@tanstack/react-query';
import { api } from '@pp/contract';
import { call } from '../../api/client.ts';

export const notificationsQuery = queryOptions({
  queryKey: ['notifications'],
  queryFn: async () => (await call(api.notification.list)).response,
});

export async function markNotificationRead(notificationId: number) {
  return (await call(api.notification.markRead, { params: { notificationId } })).response;
}
