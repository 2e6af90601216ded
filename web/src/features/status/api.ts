import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, type PageQuery } from '@pp/contract';
import { call } from '../../api/client.ts';

export const myRequestsQuery = (query: Partial<Omit<PageQuery, 'searchTerm'>>) =>
  queryOptions({
    queryKey: ['my-requests', query],
    queryFn: async () => (await call(api.workflow.mine, { query })).response,
    placeholderData: keepPreviousData,
  });

export const requestStepsQuery = (requestNumber: string) =>
  queryOptions({
    queryKey: ['my-requests', 'steps', requestNumber],
    queryFn: async () => (await call(api.workflow.messages, { params: { requestNumber } })).response,
  });
