import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, type PlaceBidBody, type RfqListBody } from '@pp/contract';
import { call } from '../../api/client.ts';

export const rfqKeys = { all: ['rfqs'] as const };

export const rfqListQuery = (body: Partial<RfqListBody>) =>
  queryOptions({
    queryKey: [...rfqKeys.all, 'list', body],
    queryFn: async () => (await call(api.auctions.rfqList, { body })).response,
    placeholderData: keepPreviousData,
  });

export const rfqQuery = (rfqNumber: string) =>
  queryOptions({
    queryKey: [...rfqKeys.all, 'detail', rfqNumber],
    queryFn: async () => (await call(api.auctions.rfqDetail, { query: { rfqNumber } })).response,
  });

export const placeBid = async (body: PlaceBidBody) => (await call(api.auctions.placeBid, { body })).response;
