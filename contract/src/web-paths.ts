import { WEB_BASE_PATH, queryString } from './endpoint.ts';

/**
 * The web app's addresses (spec section 2), by route: the web's route table, the server's links
 * and redirects, and the journeys read them here, so an address is written once.
 */
export const WEB_PATHS = {
  home: '/home',
  login: '/login',
  resetPassword: '/resetpassword',
  registration: '/registration',
  emailVerification: '/email-verification',
  dashboard: '/dashboard',
  changePassword: '/changepassword',
  onboardingDetails: '/onboardingDetails',
  onboardingDetailPreview: '/onboardingDetailPreview',
  partnerStatus: '/partnerStatus',
  partnerDashboard: '/partnerdashboard',
  partnerProfile: '/partnerprofile',
  addCompany: '/addcompany',
  partnerAuctions: '/partnerauctions',
  partnerSummary: '/partnersummary',
  partnerInvoice: '/partnerinvoice',
  partnerReminder: '/partnerreminder',
  partnerFeedback: '/partnerfeedback',
  claimRequest: '/claimrequest',
  branchDetails: '/branchdetails',
  testimonials: '/testimonials',
  summaryPage: '/summarypage',
  segregator: '/segregator',
  categorizer: '/Categorizer',
  workbench: '/Workbench',
  partnerForensics: '/partnerforensics',
  forensicsDashboard: '/ForensicsDashboard',
  reports: '/Reports',
  partnerQueries: '/PartnerQueries',
  grievanceDashboard: '/GrievanceDashboard',
  grievanceInternational: '/GrievanceInternational',
  customerRegistration: '/CustomerRegistration',
  vendorDetails: '/VendorDetails',
  partnerApproval: '/partnerApprovalPage',
  getSession: '/getsession',
  designPage: '/designPage',
  mailbox: '/mailbox',
  devtools: '/devtools',
  groupSso: '/group-sso',
  procurement: '/procurement',
} as const;
export type WebPathKey = keyof typeof WEB_PATHS;

/** A page's address as the browser shows it, under the app's base path, with its query. */
export function webUrl(key: WebPathKey, query?: Record<string, string>): string {
  return `${WEB_BASE_PATH}${WEB_PATHS[key]}${queryString(query)}`;
}
