import { keepPreviousData, queryOptions, skipToken } from '@tanstack/react-query';
import { workflowEndpoints } from '@pp/contract';
import { callData } from '../../api/client.ts';
import { workflowKeys } from '../../review/requests-api.ts';

export interface WorkbenchQuery {
  companyCode: number;
  searchTerm: string;
  pageNo: number;
  pageSize: number;
}

/** One page of the caller's workbench; the previous page stays on screen while the next loads. */
export const workbenchQuery = (q: WorkbenchQuery | null) =>
  queryOptions({
    queryKey: [...workflowKeys.all, 'workbench', q],
    queryFn: q
      ? async () =>
          await callData(workflowEndpoints.workbench, {
            query: {
              companyCode: q.companyCode,
              pageNo: q.pageNo,
              pageSize: q.pageSize,
              ...(q.searchTerm.trim() ? { searchTerm: q.searchTerm.trim() } : {}),
            },
          })
      : skipToken,
    placeholderData: keepPreviousData,
  });
