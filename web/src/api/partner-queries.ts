import { queryOptions } from '@tanstack/react-query';
import { partnerQueryEndpoints, type PartnerQueryReplyBody, type PartnerQueryStepBody } from '@pp/contract';
import { callData } from './client.ts';

/**
 * Partner queries, read and answered from two places: the staff's /PartnerQueries and the
 * partner's own in the support form (forms/QueryConversation.tsx). The calls both make; each
 * side's list is in its feature's api.ts.
 */
export const partnerQueryKeys = { all: ['partnerQueries'] as const };

export const partnerQueryQuery = (referenceNumber: string) =>
  queryOptions({
    queryKey: [...partnerQueryKeys.all, 'detail', referenceNumber],
    queryFn: () => callData(partnerQueryEndpoints.detail, { params: { referenceNumber } }),
  });

export const replyToPartnerQuery = (body: PartnerQueryReplyBody) => callData(partnerQueryEndpoints.insertChatMessage, { body });
export const resolvePartnerQuery = (body: PartnerQueryStepBody) => callData(partnerQueryEndpoints.setResolved, { body });
export const closePartnerQuery = (body: PartnerQueryStepBody) => callData(partnerQueryEndpoints.setClosed, { body });
