import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { adminEndpoints, type ForensicKind, type ForensicReviewInput, forensicsEndpoints } from '@pp/contract';
import { callData } from '../../api/client.ts';

export const forensicKeys = { all: ['forensics'] as const };

export const forensicDashboardQuery = (companyCode: number | null) =>
  queryOptions({
    queryKey: [...forensicKeys.all, 'dashboard', companyCode],
    queryFn: () => callData(forensicsEndpoints.dashboard, { query: companyCode === null ? {} : { companyCode } }),
    placeholderData: keepPreviousData,
  });

export interface ComparisonQuery {
  kind: ForensicKind;
  companyCode: number | null;
  review: 'open' | 'GENUINE_GROUP' | 'DUPLICATE' | 'all';
  searchTerm: string;
  pageNo: number;
  pageSize: number;
}

/** One page of the pairs holding one kind of number; the previous page stays on screen while the next loads. */
export const comparisonQuery = (q: ComparisonQuery) =>
  queryOptions({
    queryKey: [...forensicKeys.all, 'comparison', q],
    queryFn: () =>
      callData(forensicsEndpoints.comparison, {
        params: { kind: q.kind },
        query: {
          review: q.review,
          pageNo: q.pageNo,
          pageSize: q.pageSize,
          ...(q.companyCode === null ? {} : { companyCode: q.companyCode }),
          ...(q.searchTerm.trim() ? { searchTerm: q.searchTerm.trim() } : {}),
        },
      }),
    placeholderData: keepPreviousData,
  });

export const reviewPair = (body: ForensicReviewInput) => callData(forensicsEndpoints.review, { body });

/** A duplicate registration merged into the partner registered first (the admin action of section 6). */
export const mergeDuplicate = (body: { fromPartnerNumber: string; intoPartnerNumber: string; remarks: string }) =>
  callData(adminEndpoints.mergeAccounts, { body });
