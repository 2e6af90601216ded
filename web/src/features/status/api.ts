import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, type PageQuery } from '@pp/contract';
import { callData } from '../../api/client.ts';

export const myRequestsQuery = (query: Partial<Omit<PageQuery, 'searchTerm'>>) =>
  queryOptions({
    queryKey: ['my-requests', query],
    queryFn: () => callData(api.workflow.mine, { query }),
    placeholderData: keepPreviousData,
  });

export const requestStepsQuery = (requestNumber: string) =>
  queryOptions({
    queryKey: ['my-requests', 'steps', requestNumber],
    queryFn: () => callData(api.workflow.messages, { params: { requestNumber } }),
  });
