import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  encryptId,
  partnerQueryEndpoints,
  type PartnerQueryReplyBody,
  type PartnerQuerySource,
  type PartnerQueryState,
  type PartnerQueryStepBody,
} from '@pp/contract';
import { callData } from './client.ts';

/**
 * Partner queries, read and answered from two places: the staff's /PartnerQueries and the
 * partner's own in the support form. One set of calls for both.
 */
export const partnerQueryKeys = { all: ['partnerQueries'] as const };

export interface PartnerQueryFilter {
  companyCode: number | null;
  state: PartnerQueryState | '';
  source: PartnerQuerySource | '';
  searchTerm: string;
  pageNo: number;
  pageSize: number;
}

/** The staff list; the company goes encrypted, as the contract's encCompanyCode does. */
export const partnerQueryListQuery = (f: PartnerQueryFilter) =>
  queryOptions({
    queryKey: [...partnerQueryKeys.all, 'list', f],
    queryFn: () =>
      callData(partnerQueryEndpoints.list, {
        query: {
          pageNo: f.pageNo,
          pageSize: f.pageSize,
          ...(f.companyCode === null ? {} : { encCompanyCode: encryptId(f.companyCode) }),
          ...(f.state ? { state: f.state } : {}),
          ...(f.source ? { source: f.source } : {}),
          ...(f.searchTerm.trim() ? { searchTerm: f.searchTerm.trim() } : {}),
        },
      }),
    placeholderData: keepPreviousData,
  });

export const partnerQueryQuery = (referenceNumber: string) =>
  queryOptions({
    queryKey: [...partnerQueryKeys.all, 'detail', referenceNumber],
    queryFn: () => callData(partnerQueryEndpoints.detail, { params: { referenceNumber } }),
  });

/** The signed-in partner's own queries, newest first. */
export const myPartnerQueriesQuery = (pageSize: number) =>
  queryOptions({
    queryKey: [...partnerQueryKeys.all, 'mine', pageSize],
    queryFn: () => callData(partnerQueryEndpoints.mine, { query: { pageSize } }),
  });

export const replyToPartnerQuery = (body: PartnerQueryReplyBody) => callData(partnerQueryEndpoints.insertChatMessage, { body });
export const resolvePartnerQuery = (body: PartnerQueryStepBody) => callData(partnerQueryEndpoints.setResolved, { body });
export const closePartnerQuery = (body: PartnerQueryStepBody) => callData(partnerQueryEndpoints.setClosed, { body });
