import { keepPreviousData, queryOptions, skipToken } from '@tanstack/react-query';
import { api } from '@pp/contract';
import { call } from '../../api/client.ts';

export const workflowKeys = {
  all: ['workflow'] as const,
  workbench: (q: WorkbenchQuery | null) => [...workflowKeys.all, 'workbench', q] as const,
};

export interface WorkbenchQuery {
  companyCode: number;
  searchTerm: string;
  pageNo: number;
  pageSize: number;
}

/** One page of the caller's workbench; the previous page stays on screen while the next loads. */
export const workbenchQuery = (q: WorkbenchQuery | null) =>
  queryOptions({
    queryKey: workflowKeys.workbench(q),
    queryFn: q
      ? async () =>
          (
            await call(api.workflow.workbench, {
              query: {
                companyCode: q.companyCode,
                pageNo: q.pageNo,
                pageSize: q.pageSize,
                ...(q.searchTerm.trim() ? { searchTerm: q.searchTerm.trim() } : {}),
              },
            })
          ).response
      : skipToken,
    placeholderData: keepPreviousData,
  });
