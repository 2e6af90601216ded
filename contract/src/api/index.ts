import { authEndpoints } from './auth.ts';
import { faqEndpoints } from './faq.ts';
import { healthEndpoints } from './health.ts';
import { partnerEndpoints } from './partner.ts';

export * from './auth.ts';
export * from './faq.ts';
export * from './health.ts';
export * from './partner.ts';

/** Every endpoint of the contract, by area. */
export const api = {
  auth: authEndpoints,
  faq: faqEndpoints,
  health: healthEndpoints,
  partner: partnerEndpoints,
};
