import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { auctionEndpoints, type PlaceBidBody, type RfqListBody } from '@pp/contract';
import { callData } from '../../api/client.ts';

export const rfqKeys = { all: ['rfqs'] as const };

export const rfqListQuery = (body: Partial<RfqListBody>) =>
  queryOptions({
    queryKey: [...rfqKeys.all, 'list', body],
    queryFn: () => callData(auctionEndpoints.rfqList, { body }),
    placeholderData: keepPreviousData,
  });

export const rfqQuery = (rfqNumber: string) =>
  queryOptions({
    queryKey: [...rfqKeys.all, 'detail', rfqNumber],
    queryFn: () => callData(auctionEndpoints.rfqDetail, { query: { rfqNumber } }),
  });

export const placeBid = (body: PlaceBidBody) => callData(auctionEndpoints.placeBid, { body });
