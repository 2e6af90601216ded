import { queryOptions } from '@tanstack/react-query';
import { api } from '@pp/contract';
import { call } from '../../api/client.ts';

/** How many partners are registered: the server counts them (once a minute), the page only shows it. */
export const registeredCountQuery = queryOptions({
  queryKey: ['registered-partners'],
  queryFn: async () => (await call(api.partner.registeredCount)).response.registered,
  staleTime: 60_000,
});
