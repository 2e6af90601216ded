import type { Endpoint } from '../endpoint.ts';
import { accessEndpoints } from './access.ts';
import { adminEndpoints } from './admin.ts';
import { auctionEndpoints } from './auctions.ts';
import { accountEndpoints } from './account.ts';
import { authEndpoints } from './auth.ts';
import { branchEndpoints } from './branches.ts';
import { businessEndpoints } from './business.ts';
import { companyEndpoints } from './companies.ts';
import { customerEndpoints } from './customers.ts';
import { devtoolsEndpoints } from './devtools.ts';
import { faqEndpoints } from './faq.ts';
import { feedbackEndpoints } from './feedback.ts';
import { filesEndpoints } from './files.ts';
import { forensicsEndpoints } from './forensics.ts';
import { grievanceEndpoints } from './grievances.ts';
import { healthEndpoints } from './health.ts';
import { mailboxEndpoints } from './mailbox.ts';
import { notificationEndpoints } from './notification.ts';
import { onboardingEndpoints } from './onboarding.ts';
import { partnerEndpoints } from './partner.ts';
import { partnerDeclarationEndpoints } from './partner-declarations.ts';
import { partnerQueryEndpoints } from './partner-queries.ts';
import { profileEndpoints } from './profile.ts';
import { queriesEndpoints } from './queries.ts';
import { referenceEndpoints } from './reference.ts';
import { registrationEndpoints } from './registration.ts';
import { reportEndpoints } from './reports.ts';
import { reviewEndpoints } from './review.ts';
import { testimonialEndpoints } from './testimonials.ts';
import { vendorEndpoints } from './vendors.ts';
import { workflowEndpoints } from './workflow.ts';

export * from './access.ts';
export * from './admin.ts';
export * from './auctions.ts';
export * from './account.ts';
export * from './account-forms.ts';
export * from './auth.ts';
export * from './auth-forms.ts';
export * from './branches.ts';
export * from './business.ts';
export * from './companies.ts';
export * from './chat.ts';
export * from './customers.ts';
export * from './devtools.ts';
export * from './partner-declarations.ts';
export * from './faq.ts';
export * from './feedback.ts';
export * from './files.ts';
export * from './forensics.ts';
export * from './grievances.ts';
export * from './partner-queries.ts';
export * from './health.ts';
export * from './mailbox.ts';
export * from './notification.ts';
export * from './onboarding.ts';
export * from './partner.ts';
export * from './profile.ts';
export * from './queries.ts';
export * from './reference.ts';
export * from './bank-branch-form.ts';
export * from './registration.ts';
export * from './registration-form.ts';
export * from './reports.ts';
export * from './review.ts';
export * from './testimonials.ts';
export * from './vendors.ts';
export * from './workflow.ts';

/** Every endpoint of the contract, by area. */
export const api = {
  access: accessEndpoints,
  admin: adminEndpoints,
  auctions: auctionEndpoints,
  account: accountEndpoints,
  auth: authEndpoints,
  branches: branchEndpoints,
  business: businessEndpoints,
  companies: companyEndpoints,
  customers: customerEndpoints,
  devtools: devtoolsEndpoints,
  faq: faqEndpoints,
  feedback: feedbackEndpoints,
  forensics: forensicsEndpoints,
  files: filesEndpoints,
  grievances: grievanceEndpoints,
  health: healthEndpoints,
  mailbox: mailboxEndpoints,
  notification: notificationEndpoints,
  onboarding: onboardingEndpoints,
  partner: partnerEndpoints,
  declarations: partnerDeclarationEndpoints,
  partnerQueries: partnerQueryEndpoints,
  profile: profileEndpoints,
  queries: queriesEndpoints,
  reference: referenceEndpoints,
  registration: registrationEndpoints,
  reports: reportEndpoints,
  review: reviewEndpoints,
  testimonials: testimonialEndpoints,
  vendors: vendorEndpoints,
  workflow: workflowEndpoints,
};

/** An endpoint's operationId: its area and name in `api`, camel-cased. */
export const operationIdOf = (area: string, name: string) => `${area}${name[0]!.toUpperCase()}${name.slice(1)}`;

for (const [area, endpoints] of Object.entries(api)) {
  for (const [name, endpoint] of Object.entries(endpoints as Record<string, Endpoint>))
    endpoint.operationId = operationIdOf(area, name);
}
