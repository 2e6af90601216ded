import { queryOptions } from '@tanstack/react-query';
import { api, type AddCompanyBody, type ResubmitCompanyBody } from '@pp/contract';
import { callData } from '../../api/client.ts';

export const companyKeys = { all: ['company-requests'] as const };

export const companyRequestsQuery = queryOptions({
  queryKey: [...companyKeys.all, 'history'],
  queryFn: () => callData(api.companies.history),
});

export const addCompany = (body: AddCompanyBody) => callData(api.companies.addCompany, { body });
export const resubmitCompany = (body: ResubmitCompanyBody) => callData(api.companies.resubmit, { body });
