import type { WebPathKey } from '@pp/contract';

/** The partner area's pages (spec section 2): the menu's pages and the hidden invoice page. */
export const PARTNER_AREA_PAGES = [
  'partnerDashboard',
  'partnerProfile',
  'addCompany',
  'partnerAuctions',
  'partnerSummary',
  'partnerInvoice',
  'partnerReminder',
  'partnerFeedback',
  'claimRequest',
  'branchDetails',
  'testimonials',
] as const satisfies readonly WebPathKey[];

/** The staff pages of spec section 2. */
export const STAFF_PAGES = [
  'summaryPage',
  'segregator',
  'categorizer',
  'workbench',
  'partnerApproval',
  'partnerForensics',
  'forensicsDashboard',
  'reports',
  'partnerQueries',
  'grievanceDashboard',
  'grievanceInternational',
  'customerRegistration',
  'vendorDetails',
  'designPage',
] as const satisfies readonly WebPathKey[];
