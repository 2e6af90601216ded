import { accessEndpoints } from './access.ts';
import { authEndpoints } from './auth.ts';
import { faqEndpoints } from './faq.ts';
import { healthEndpoints } from './health.ts';
import { notificationEndpoints } from './notification.ts';
import { partnerEndpoints } from './partner.ts';

export * from './access.ts';
export * from './auth.ts';
export * from './faq.ts';
export * from './health.ts';
export * from './notification.ts';
export * from './partner.ts';

/** Every endpoint of the contract, by area. */
export const api = {
  access: accessEndpoints,
  auth: authEndpoints,
  faq: faqEndpoints,
  health: healthEndpoints,
  notification: notificationEndpoints,
  partner: partnerEndpoints,
};
