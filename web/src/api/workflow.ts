import { queryOptions } from '@tanstack/react-query';
import { workflowEndpoints } from '@pp/contract';
import { callData } from './client.ts';

/** Where the request of the session's current profile stands (null before its first submit). */
export const currentRequestQuery = (companyCode: number | null, categoryCode: string | null) =>
  queryOptions({
    queryKey: ['workflow', 'current', companyCode, categoryCode],
    queryFn: () => callData(workflowEndpoints.current),
  });
