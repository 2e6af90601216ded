import { queryOptions } from '@tanstack/react-query';
import { api, type AddCompanyBody, type ResubmitCompanyBody } from '@pp/contract';
import { call } from '../../api/client.ts';

export const companyKeys = { all: ['company-requests'] as const };

export const companyRequestsQuery = queryOptions({
  queryKey: [...companyKeys.all, 'history'],
  queryFn: async () => (await call(api.companies.history)).response,
});

/** The group companies and each one's businesses (the registration's own reference calls). */
export const groupCompaniesQuery = queryOptions({
  queryKey: [...companyKeys.all, 'companies'],
  queryFn: async () => (await call(api.registration.companies)).response,
  staleTime: Infinity,
});
export const businessesQuery = (companyCode: number | null) =>
  queryOptions({
    queryKey: [...companyKeys.all, 'businesses', companyCode],
    queryFn: async () => (await call(api.registration.primaryBusinesses, { params: { companyCode: companyCode! } })).response,
    enabled: companyCode !== null,
    staleTime: Infinity,
  });

export const addCompany = async (body: AddCompanyBody) => (await call(api.companies.addCompany, { body })).response;
export const resubmitCompany = async (body: ResubmitCompanyBody) => (await call(api.companies.resubmit, { body })).response;
