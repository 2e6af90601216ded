import { queryOptions } from '@tanstack/react-query';
import { api, type AddCompanyBody, type ResubmitCompanyBody } from '@pp/contract';
import { callData } from '../../api/client.ts';

export const companyKeys = { all: ['company-requests'] as const };

export const companyRequestsQuery = queryOptions({
  queryKey: [...companyKeys.all, 'history'],
  queryFn: () => callData(api.companies.history),
});

/** Each group company's businesses (the registration's own reference call). */
export const businessesQuery = (companyCode: number | null) =>
  queryOptions({
    queryKey: [...companyKeys.all, 'businesses', companyCode],
    queryFn: () => callData(api.registration.primaryBusinesses, { params: { companyCode: companyCode! } }),
    enabled: companyCode !== null,
    staleTime: Infinity,
  });

export const addCompany = (body: AddCompanyBody) => callData(api.companies.addCompany, { body });
export const resubmitCompany = (body: ResubmitCompanyBody) => callData(api.companies.resubmit, { body });
