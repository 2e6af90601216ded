import { queryOptions } from '@tanstack/react-query';
import { mailboxEndpoints } from '@pp/contract';
import { callData } from '../../api/client.ts';

const REFRESH_MS = 3_000;

/** The latest messages sent (to one recipient when given), read again every few seconds while the page is open. */
export const mailboxQuery = (recipient: string) =>
  queryOptions({
    queryKey: ['mailbox', recipient],
    queryFn: async () =>
      (await callData(mailboxEndpoints.list, { query: { recipient: recipient.trim() || undefined, pageSize: 50 } })).items,
    refetchInterval: REFRESH_MS,
    retry: false,
  });
