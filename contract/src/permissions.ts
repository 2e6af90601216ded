import { REQUEST_NUMBER_PATTERN, type UserRole } from './constants.ts';

/**
 * Staff permissions of spec section 6. The spec names them but not who holds them; this table is
 * our decision (docs/workflow.md, "Roles and permissions"), kept in one place for server and web.
 */
export const PERMISSIONS = [
  'customerAdmin',
  'reportsAdmin',
  'technicalAdmin',
  'allowEditVendorMaster',
  'allowAdminAddBank',
  'allowViewGrievanceDashboard',
  'allowViewCustomerDashboard',
  /** Ours, not section 6's: the forensics pages (numbers partners share) and reading any profile to compare. */
  'viewForensics',
  /** Ours: answering, resolving and closing partner queries (/PartnerQueries). */
  'workPartnerQueries',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLE_PERMISSIONS: Record<UserRole, readonly Permission[]> = {
  PARTNER: [],
  BUYER: ['customerAdmin', 'allowViewGrievanceDashboard', 'allowViewCustomerDashboard', 'workPartnerQueries'],
  APPROVER: ['allowViewGrievanceDashboard', 'allowViewCustomerDashboard', 'workPartnerQueries'],
  FINANCE: ['allowAdminAddBank', 'allowViewCustomerDashboard'],
  ADMIN: [...PERMISSIONS],
  SEGREGATOR: [],
  CATEGORIZER: [],
  FORENSICS: ['viewForensics', 'allowViewGrievanceDashboard'],
  REPORTS: ['reportsAdmin', 'allowViewGrievanceDashboard'],
};

export function hasPermission(role: UserRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/**
 * Who reads a submitted profile and its documents. A workflow role reads the requests waiting at
 * its desk and those it acted on; a role allowed to edit the vendor master reads any (the summary
 * page's admin view, `/isAdmin/true`, and the admin actions); forensics reads any, to compare the
 * two partners of a shared number, but never as admin.
 */
export const REVIEW_ANY_REQUEST: Permission = 'allowEditVendorMaster';

export function mayReviewRequest(
  role: UserRole,
  request: { desk: UserRole | null },
  actedOnIt: boolean,
  asAdmin: boolean,
): boolean {
  if (role === 'PARTNER') return false;
  if (hasPermission(role, REVIEW_ANY_REQUEST)) return true;
  return !asAdmin && (request.desk === role || actedOnIt || hasPermission(role, 'viewForensics'));
}

/** Where each staff role lands after login (GET /api/dashboard/redirection); our choice, the spec names the pages only. */
export const STAFF_LANDING_ROUTES: Record<Exclude<UserRole, 'PARTNER'>, string> = {
  BUYER: '/Workbench',
  APPROVER: '/partnerApprovalPage',
  FINANCE: '/Workbench',
  ADMIN: '/summarypage',
  SEGREGATOR: '/segregator',
  CATEGORIZER: '/Categorizer',
  FORENSICS: '/ForensicsDashboard',
  REPORTS: '/Reports',
};

/** The pages a /getsession JobCode opens (the group's sign-in names the job); others open the role's landing page. */
export const JOB_ROUTES: Record<string, string> = {
  WORKBENCH: '/Workbench',
  SUMMARY: '/summarypage',
  APPROVAL: '/partnerApprovalPage',
  SEGREGATION: '/segregator',
  CATEGORISATION: '/Categorizer',
};

/** The pages that show one request (its DocumentNo, when the group's sign-in names one). */
const REQUEST_PAGES = ['/summarypage', '/partnerApprovalPage'];

export function staffLandingRoute(
  role: Exclude<UserRole, 'PARTNER'>,
  jobCode: string | null,
  documentNo: string | null = null,
): string {
  const route = (jobCode && JOB_ROUTES[jobCode.toUpperCase()]) || STAFF_LANDING_ROUTES[role];
  return documentNo && REQUEST_PAGES.includes(route) && REQUEST_NUMBER_PATTERN.test(documentNo)
    ? `${route}?requestNumber=${documentNo}`
    : route;
}

/**
 * The staff pages of spec section 2 (keys of WEB_PATHS: the page-access route reads their paths
 * there, so a key that is no page does not compile) and the permission each needs (null: any staff
 * member; a desk's page lists that desk's requests). Page access, answered by
 * GET /api/common-view/admin/page-access; each page's own calls check the same permissions.
 */
export const STAFF_PAGE_PERMISSIONS = {
  summaryPage: null,
  workbench: null,
  segregator: null,
  categorizer: null,
  partnerApproval: null,
  forensicsDashboard: 'viewForensics',
  partnerForensics: 'viewForensics',
  reports: 'reportsAdmin',
  partnerQueries: 'workPartnerQueries',
  grievanceDashboard: 'allowViewGrievanceDashboard',
  grievanceInternational: 'allowViewGrievanceDashboard',
  customerRegistration: 'customerAdmin',
  vendorDetails: 'allowEditVendorMaster',
  designPage: null,
} as const satisfies Record<string, Permission | null>;
export type StaffPage = keyof typeof STAFF_PAGE_PERMISSIONS;
export const STAFF_PAGES = Object.keys(STAFF_PAGE_PERMISSIONS) as StaffPage[];

export function mayOpenStaffPage(role: UserRole, page: StaffPage): boolean {
  const permission: Permission | null = STAFF_PAGE_PERMISSIONS[page];
  return role !== 'PARTNER' && (permission === null || hasPermission(role, permission));
}
