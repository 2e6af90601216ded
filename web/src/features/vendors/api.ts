import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { vendorEndpoints, workflowEndpoints } from '@pp/contract';
import { callData } from '../../api/client.ts';
import { workflowKeys } from '../../review/requests-api.ts';

// Under the workflow's keys: an admin action taken on the page refreshes the partner's master data.
export const vendorKeys = { all: [...workflowKeys.all, 'vendors'] as const };

export const vendorSearchQuery = (q: { searchTerm: string; companyCode: number | null; pageNo: number; pageSize: number }) =>
  queryOptions({
    queryKey: [...vendorKeys.all, 'search', q],
    queryFn: () =>
      callData(vendorEndpoints.search, {
        query: {
          pageNo: q.pageNo,
          pageSize: q.pageSize,
          ...(q.searchTerm.trim() ? { searchTerm: q.searchTerm.trim() } : {}),
          ...(q.companyCode === null ? {} : { companyCode: q.companyCode }),
        },
      }),
    placeholderData: keepPreviousData,
  });

export const vendorDetailQuery = (partnerNumber: string) =>
  queryOptions({
    queryKey: [...vendorKeys.all, 'detail', partnerNumber],
    queryFn: () => callData(vendorEndpoints.detail, { params: { partnerNumber } }),
  });

/** Opens a re-KYC of one of the partner's approved profiles (the partner confirms or updates it). */
export const startRekyc = (body: { partnerNumber: string; companyCode: number; categoryCode: string; remarks?: string }) =>
  callData(workflowEndpoints.rekycInitiate, { body });
