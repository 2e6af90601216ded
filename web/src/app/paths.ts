/**
 * The one route table: every route of spec section 2 with its name, page name (which drives the
 * layout rules), layout, guard and breadcrumb. Router, menus and guards read it.
 */
export type LayoutName = 'noSidebar' | 'sidebar' | 'dashboard' | 'partnerSidebar';

export type GuardName =
  | 'open'
  /** Redirects to /dashboard when a token exists (/, /home, /login). */
  | 'guestOnly'
  /** Anonymous users go to /home. */
  | 'login'
  | 'onboardingDetails'
  | 'onboardingPreview'
  /** A missing token goes to the external login page. */
  | 'staff'
  | 'staffCustomerAdmin'
  | 'staffGrievanceDashboard';

export interface RouteDef {
  path: string;
  /** Route name of spec section 2 (empty where the spec gives none). */
  name: string;
  /** Lower-case page name used by layout rules (support flap, help links, chat). */
  pageName: string;
  title: string;
  layout: LayoutName;
  guard: GuardName;
  /** Partner sidebar menu entry. */
  menu?: { label: string; hidden?: boolean; disabled?: boolean };
}

const partner = (path: string, name: string, title: string, menu?: RouteDef['menu']): RouteDef => ({
  path,
  name,
  pageName: name.toLowerCase(),
  title,
  layout: 'partnerSidebar',
  guard: 'login',
  ...(menu ? { menu } : {}),
});

/** Page names follow spec section 2's list (summarypage, partnerapproval, …), where it gives one. */
const staff = (path: string, title: string, guard: GuardName = 'staff', pageName = path.slice(1).toLowerCase()): RouteDef => ({
  path,
  name: path.slice(1),
  pageName,
  title,
  layout: 'noSidebar',
  guard,
});

export const ROUTES = {
  home: { path: '/home', name: 'home', pageName: 'home', title: 'Home', layout: 'sidebar', guard: 'guestOnly' },
  login: { path: '/login', name: 'Login', pageName: 'login', title: 'Login', layout: 'noSidebar', guard: 'guestOnly' },
  resetPassword: {
    path: '/resetpassword',
    name: 'ResetPassword',
    pageName: 'resetpassword',
    title: 'Reset Password',
    layout: 'noSidebar',
    guard: 'open',
  },
  registration: {
    path: '/registration',
    name: 'RegisterPage',
    pageName: 'registerpage',
    title: 'Partner Registration',
    layout: 'noSidebar',
    guard: 'open',
  },
  emailVerification: {
    path: '/email-verification',
    name: '',
    pageName: 'emailverification',
    title: 'E-mail Verification',
    layout: 'noSidebar',
    guard: 'open',
  },
  dashboard: {
    path: '/dashboard',
    name: 'DashboardPage',
    pageName: 'dashboardpage',
    title: 'Onboarding Dashboard',
    layout: 'dashboard',
    guard: 'login',
  },
  changePassword: {
    path: '/changepassword',
    name: 'ChangePasswordPage',
    pageName: 'changepasswordpage',
    title: 'Change Password',
    layout: 'noSidebar',
    guard: 'login',
  },
  onboardingDetails: {
    path: '/onboardingDetails',
    name: 'onboardingDetails',
    pageName: 'onboardingdetails',
    title: 'Onboarding Details',
    layout: 'dashboard',
    guard: 'onboardingDetails',
  },
  onboardingDetailPreview: {
    path: '/onboardingDetailPreview',
    name: 'onboardingDetailPreview',
    pageName: 'onboardingdetailpreview',
    title: 'Onboarding Details Preview',
    layout: 'dashboard',
    guard: 'onboardingPreview',
  },

  partnerStatus: partner('/partnerStatus', 'PartnerStatus', 'Partner Status'),
  // Paths match case-insensitively, so /partnerDashboard reaches this page too (spec section 2).
  partnerDashboard: partner('/partnerdashboard', 'PartnerDashboard', 'Partner Dashboard', { label: 'Dashboard' }),
  partnerProfile: partner('/partnerprofile', 'PartnerProfile', 'Profile', { label: 'Profile' }),
  addCompany: partner('/addcompany', 'AddCompany', 'Add New Company', { label: 'Add New Company' }),
  partnerAuctions: partner('/partnerauctions', 'PartnerAuctions', 'E-Bids & E-Auctions', { label: 'E-Bids & E-Auctions' }),
  partnerSummary: partner('/partnersummary', 'PartnerSummary', 'Order Summary', { label: 'Order Summary' }),
  partnerInvoice: partner('/partnerinvoice', 'PartnerInvoice', 'Invoices', { label: 'Invoices', hidden: true, disabled: true }),
  partnerReminder: partner('/partnerreminder', 'PartnerReminder', 'Alerts & Reminders', { label: 'Alerts & Reminders' }),
  partnerFeedback: partner('/partnerfeedback', 'PartnerFeedback', 'Feedback', { label: 'Feedback' }),
  claimRequest: partner('/claimrequest', 'ClaimRequest', 'Grievance Request', { label: 'Grievance Request' }),
  branchDetails: partner('/branchdetails', 'BranchDetails', 'Branch Details', { label: 'Branch Details' }),
  testimonials: partner('/testimonials', 'Testimonials', 'Testimonials', { label: 'Testimonials' }),

  summaryPage: staff('/summarypage', 'Summary'),
  segregator: staff('/segregator', 'Segregator'),
  categorizer: staff('/Categorizer', 'Categorizer'),
  workbench: staff('/Workbench', 'Workbench'),
  partnerForensics: staff('/partnerforensics', 'Partner Forensics'),
  forensicsDashboard: staff('/ForensicsDashboard', 'Forensics Dashboard'),
  reports: staff('/Reports', 'Reports'),
  partnerQueries: staff('/PartnerQueries', 'Partner Queries'),
  grievanceDashboard: staff('/GrievanceDashboard', 'Grievance Dashboard', 'staffGrievanceDashboard'),
  grievanceInternational: staff('/GrievanceInternational', 'Grievance International'),
  customerRegistration: staff('/CustomerRegistration', 'Customer Registration', 'staffCustomerAdmin'),
  vendorDetails: staff('/VendorDetails', 'Vendor Details'),
  partnerApproval: staff('/partnerApprovalPage', 'Partner Approval', 'staff', 'partnerapproval'),
  getSession: staff('/getsession', 'Opening your session', 'open'),
  designPage: staff('/designPage', 'Design Test Page', 'open'),
  // Development aid, not in the spec: the local outbox of SMS and e-mail (the server turns it off in production).
  mailbox: { path: '/mailbox', name: 'Mailbox', pageName: 'mailbox', title: 'Mailbox', layout: 'noSidebar', guard: 'open' },
} satisfies Record<string, RouteDef>;

export type RouteKey = keyof typeof ROUTES;
export const ALL_ROUTES: RouteDef[] = Object.values(ROUTES);

export function findRoute(pathname: string): RouteDef | undefined {
  const lower = pathname.toLowerCase();
  return ALL_ROUTES.find((r) => r.path.toLowerCase() === lower);
}
