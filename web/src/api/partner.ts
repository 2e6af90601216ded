import { queryOptions } from '@tanstack/react-query';
import { api } from '@pp/contract';
import { session } from '../session/session.ts';
import { call } from './client.ts';

export const partnerInfoQuery = queryOptions({
  queryKey: ['partner', 'info'],
  queryFn: async () => (await call(api.partner.info)).response,
});

export const companiesQuery = queryOptions({
  queryKey: ['partner', 'companyAndCategory'],
  queryFn: async () => (await call(api.partner.companyAndCategory)).response,
});

/**
 * The category audit of spec section 4: answers 'User Category Audit Recorded' on success, with a
 * token carrying the onboarding status of that company's profile, which the session keeps.
 */
export async function switchCategory(categoryCode: string, companyCode: number) {
  const answer = await call(api.access.infoCategory, { body: { categoryCode, companyCode } });
  session.setToken(answer.accessToken);
  return answer.response;
}
