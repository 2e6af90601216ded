import { queryOptions } from '@tanstack/react-query';
import { REGISTERED_COUNT_PATH, endpointUrl, type partnerEndpoints } from '@pp/contract';
import type { z } from 'zod';
import { http } from '../../api/client.ts';

type RegisteredCount = z.output<(typeof partnerEndpoints)['registeredCount']['response']>;

/**
 * How many partners are registered: the server counts them (once a minute), the page only shows
 * it. Asked by its path, not through the endpoint object: /home must not load every endpoint's
 * schemas (150 KB budget).
 */
export const registeredCountQuery = queryOptions({
  queryKey: ['registered-partners'],
  queryFn: async () =>
    (await http<RegisteredCount>('GET', endpointUrl({ path: REGISTERED_COUNT_PATH }), { background: true })).response.registered,
  staleTime: 60_000,
});
