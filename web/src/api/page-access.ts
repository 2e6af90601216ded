import { queryOptions } from '@tanstack/react-query';
import { accessEndpoints } from '@pp/contract';
import { callData } from './client.ts';

/** The staff pages the signed-in staff member may open (common-view admin's page access). */
export const pageAccessQuery = queryOptions({
  queryKey: ['page-access'],
  queryFn: () => callData(accessEndpoints.pageAccess),
  staleTime: Infinity,
});
