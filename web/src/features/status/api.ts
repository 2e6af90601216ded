import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { type PageQuery, workflowEndpoints } from '@pp/contract';
import { callData } from '../../api/client.ts';

export const myRequestsQuery = (query: Partial<Omit<PageQuery, 'searchTerm'>>) =>
  queryOptions({
    queryKey: ['my-requests', query],
    queryFn: () => callData(workflowEndpoints.mine, { query }),
    placeholderData: keepPreviousData,
  });

export const requestStepsQuery = (requestNumber: string) =>
  queryOptions({
    queryKey: ['my-requests', 'steps', requestNumber],
    queryFn: () => callData(workflowEndpoints.messages, { params: { requestNumber } }),
  });
