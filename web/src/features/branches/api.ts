import { queryOptions } from '@tanstack/react-query';
import { DOMESTIC_COUNTRY_CODE, api, type NewBranchBody } from '@pp/contract';
import { call } from '../../api/client.ts';

export const branchKeys = { all: ['branch-details'] as const };

export const branchDetailsQuery = queryOptions({
  queryKey: [...branchKeys.all],
  queryFn: async () => (await call(api.onboarding.branchDetails)).response,
});

/** Branches are in India (the onboarding form's rule): its states, and a state's cities. */
export const statesQuery = queryOptions({
  queryKey: ['reference', 'states', DOMESTIC_COUNTRY_CODE],
  queryFn: async () => (await call(api.reference.states, { params: { countryCode: DOMESTIC_COUNTRY_CODE } })).response,
  staleTime: Infinity,
});
export const citiesQuery = (stateId: number | null) =>
  queryOptions({
    queryKey: ['reference', 'cities', stateId],
    queryFn: async () => (await call(api.reference.cities, { params: { stateId: stateId! } })).response,
    enabled: stateId !== null,
    staleTime: Infinity,
  });

export const addBranch = async (body: NewBranchBody) => (await call(api.onboarding.newBranch, { body })).response;
