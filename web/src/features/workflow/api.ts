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

const data = async <T>(p: Promise<{ response: T }>) => (await p).response;

/** What the summary page reads of one request: its place, its history, its statutory look-ups, the profile. */
export const reviewQueries = {
  status: (requestNumber: string) =>
    queryOptions({
      queryKey: [...workflowKeys.all, 'status', requestNumber],
      queryFn: () => data(call(api.workflow.status, { params: { requestNumber } })),
    }),
  history: (requestNumber: string) =>
    queryOptions({
      queryKey: [...workflowKeys.all, 'history', requestNumber],
      queryFn: () => data(call(api.workflow.messages, { params: { requestNumber } })),
    }),
  statutory: (requestNumber: string, asAdmin: boolean) =>
    queryOptions({
      queryKey: [...workflowKeys.all, 'dt-validation', requestNumber],
      queryFn: () => data(call(api.review.dtValidation, { body: { requestNumber, ...(asAdmin ? { isAdmin: true } : {}) } })),
    }),
  customer: (requestNumber: string) =>
    queryOptions({
      queryKey: [...workflowKeys.all, 'customer', requestNumber],
      queryFn: () => data(call(api.customers.workflowMasterData, { body: { requestNumber } })),
    }),
  companyRequest: (requestNumber: string) =>
    queryOptions({
      queryKey: [...workflowKeys.all, 'company-request', requestNumber],
      queryFn: () => data(call(api.companies.review, { params: { requestNumber } })),
    }),
  profile: (requestNumber: string, asAdmin: boolean) =>
    queryOptions({
      queryKey: [...workflowKeys.all, 'profile', requestNumber],
      queryFn: () =>
        data(call(asAdmin ? api.review.partAsAdmin : api.review.part, { params: { part: 'summary', requestNumber } })),
    }),
};

/** The admin audit of one partner, newest first (the summary page's last card). */
export const adminAuditQuery = (partnerNumber: string) =>
  queryOptions({
    queryKey: [...workflowKeys.all, 'admin-audit', partnerNumber],
    queryFn: () => data(call(api.admin.audit, { query: { partnerNumber, pageSize: 20 } })),
  });
