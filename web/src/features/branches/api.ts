import { queryOptions } from '@tanstack/react-query';
import { DOMESTIC_COUNTRY_CODE, api, type NewBranchBody } from '@pp/contract';
import { callData } from '../../api/client.ts';

export const branchKeys = { all: ['branch-details'] as const };

export const branchDetailsQuery = queryOptions({
  queryKey: [...branchKeys.all],
  queryFn: () => callData(api.onboarding.branchDetails),
});

/** Branches are in India (the onboarding form's rule): its states, and a state's cities. */
export const statesQuery = queryOptions({
  queryKey: ['reference', 'states', DOMESTIC_COUNTRY_CODE],
  queryFn: () => callData(api.reference.states, { params: { countryCode: DOMESTIC_COUNTRY_CODE } }),
  staleTime: Infinity,
});
export const citiesQuery = (stateId: number | null) =>
  queryOptions({
    queryKey: ['reference', 'cities', stateId],
    queryFn: () => callData(api.reference.cities, { params: { stateId: stateId! } }),
    enabled: stateId !== null,
    staleTime: Infinity,
  });

export const addBranch = (body: NewBranchBody) => callData(api.onboarding.newBranch, { body });
