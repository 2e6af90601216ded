import { queryOptions } from '@tanstack/react-query';
import { api } from '@pp/contract';
import { call } from './client.ts';

export const partnerInfoQuery = queryOptions({
  queryKey: ['partner', 'info'],
  queryFn: async () => (await call(api.partner.info)).response,
});

export const companiesQuery = queryOptions({
  queryKey: ['partner', 'companyAndCategory'],
  queryFn: async () => (await call(api.partner.companyAndCategory)).response,
});

/** The category audit of spec section 4: answers 'User Category Audit Recorded' on success. */
export async function switchCategory(categoryCode: string, companyCode: number) {
  return (await call(api.access.categoryAudit, { params: { categoryCode, companyCode } })).response;
}
