import { queryOptions } from '@tanstack/react-query';
import { api } from '@pp/contract';
import { callData } from './client.ts';

/** The group's companies (they change with a release, not while a page is open). */
export const groupCompaniesQuery = queryOptions({
  queryKey: ['group-companies'],
  queryFn: () => callData(api.registration.companies),
  staleTime: Infinity,
});
