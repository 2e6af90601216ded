import { queryOptions } from '@tanstack/react-query';
import { DOMESTIC_COUNTRY_CODE, referenceEndpoints, registrationEndpoints } from '@pp/contract';
import { callData } from './client.ts';

/** The group's companies (they change with a release, not while a page is open). */
export const groupCompaniesQuery = queryOptions({
  queryKey: ['group-companies'],
  queryFn: () => callData(registrationEndpoints.companies),
  staleTime: Infinity,
});

/** India's states (branches and the IFSC master are Indian). */
export const indianStatesQuery = queryOptions({
  queryKey: ['reference', 'states', DOMESTIC_COUNTRY_CODE],
  queryFn: () => callData(referenceEndpoints.states, { params: { countryCode: DOMESTIC_COUNTRY_CODE } }),
  staleTime: Infinity,
});

/** A group company's businesses (level 1; the registration's own reference call). */
export const businessesQuery = (companyCode: number | null) =>
  queryOptions({
    queryKey: ['reference', 'businesses', companyCode],
    queryFn: () => callData(registrationEndpoints.primaryBusinesses, { params: { companyCode: companyCode! } }),
    enabled: companyCode !== null,
    staleTime: Infinity,
  });
