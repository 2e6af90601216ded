import { keepPreviousData, queryOptions, skipToken } from '@tanstack/react-query';
import { type WorkflowActionInput, workflowEndpoints } from '@pp/contract';
import { callData } from '../../api/client.ts';

/*
 * The desks' queue and the decisions taken from it, over the workflow's own endpoints only: the
 * workbench loads this and not api.ts, whose review, customer and admin calls brought the
 * onboarding's and customers' schemas (a third of the page's start on a throttled phone).
 */

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

/** Where one request stands: its state and what the signed-in desk may do with it. */
export const requestStatusQuery = (requestNumber: string) =>
  queryOptions({
    queryKey: [...workflowKeys.all, 'status', requestNumber],
    queryFn: () => callData(workflowEndpoints.status, { params: { requestNumber } }),
  });

/** A staff decision on a request (approve, send back, reject), with the state the page showed. */
export const decideRequest = (verb: 'approve' | 'sendBack' | 'reject', body: WorkflowActionInput) =>
  callData(workflowEndpoints[verb], { body });
