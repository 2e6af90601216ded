import { queryOptions } from '@tanstack/react-query';
import { type NewBranchBody, onboardingEndpoints, referenceEndpoints } from '@pp/contract';
import { callData } from '../../api/client.ts';

export const branchKeys = { all: ['branch-details'] as const };

export const branchDetailsQuery = queryOptions({
  queryKey: [...branchKeys.all],
  queryFn: () => callData(onboardingEndpoints.branchDetails),
});

/** Branches are in India (the onboarding form's rule): a state's cities (the states: indianStatesQuery). */
export const citiesQuery = (stateId: number | null) =>
  queryOptions({
    queryKey: ['reference', 'cities', stateId],
    queryFn: () => callData(referenceEndpoints.cities, { params: { stateId: stateId! } }),
    enabled: stateId !== null,
    staleTime: Infinity,
  });

export const addBranch = (body: NewBranchBody) => callData(onboardingEndpoints.newBranch, { body });
