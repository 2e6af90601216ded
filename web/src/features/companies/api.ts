import { queryOptions } from '@tanstack/react-query';
import { type AddCompanyBody, companyEndpoints, type ResubmitCompanyBody } from '@pp/contract';
import { callData } from '../../api/client.ts';

export const companyKeys = { all: ['company-requests'] as const };

export const companyRequestsQuery = queryOptions({
  queryKey: [...companyKeys.all, 'history'],
  queryFn: () => callData(companyEndpoints.history),
});

export const addCompany = (body: AddCompanyBody) => callData(companyEndpoints.addCompany, { body });
export const resubmitCompany = (body: ResubmitCompanyBody) => callData(companyEndpoints.resubmit, { body });
