import { WEB_BASE_PATH, WEB_PATHS } from '@pp/contract';
import type { en } from '../i18n/locales/en.ts';

/** A partner menu label: a key of the routes texts. */
type MenuLabel = Extract<keyof (typeof en)['routes'], `menu.${string}`>;

/**
 * The one route table: every route of spec section 2 with its name, page name (which drives the
 * layout rules), layout, guard, chrome and menu entry. Router, menus, guards and links read it;
 * titles are the texts `routes:title.<key>`, menu labels the `routes:menu.…` key each entry names.
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

interface RouteSpec {
  path: string;
  /** Route name of spec section 2 (empty where the spec gives none). */
  name: string;
  /** Lower-case page name used by layout rules (support flap, help links, chat). */
  pageName: string;
  layout: LayoutName;
  guard: GuardName;
  /** Staff pages bring the dashboard navbar instead of the public bar, and no chat. */
  staffChrome?: boolean;
  /** The chat assistant is offered (all but staff pages and the developer mailbox). */
  chat?: boolean;
  /**
   * The support-form flap (65 % top) and the help-guides flap (34 % top) of spec section 2: on every
   * visitor's and partner's page; not on staff pages (the group's people use the helpdesk, whose
   * domains the form refuses) nor on the stand-ins of other systems.
   */
  help?: boolean;
  /**
   * The page's first render is made at build time and sent with its address (web/src/boot/prerender.tsx),
   * so a first visit paints before the code runs: what a visitor without a session sees at the
   * address without a query (the server sends it only then; a signed-in tab draws its own).
   */
  prerender?: boolean;
  /** Partner sidebar menu entry. */
  menu?: { label: MenuLabel; hidden?: boolean; disabled?: boolean };
}

const partner = (path: string, name: string, menu?: RouteSpec['menu']): RouteSpec => ({
  path,
  name,
  pageName: name.toLowerCase(),
  layout: 'partnerSidebar',
  guard: 'login',
  ...(menu ? { menu } : {}),
});

/** Page names follow spec section 2's list (summarypage, partnerapproval, …), where it gives one. */
const staff = (path: string, guard: GuardName = 'staff', pageName = path.slice(1).toLowerCase()): RouteSpec => ({
  path,
  name: path.slice(1),
  pageName,
  layout: 'noSidebar',
  guard,
  staffChrome: true,
  chat: false,
  help: false,
});

export const ROUTES = {
  home: { path: WEB_PATHS.home, name: 'home', pageName: 'home', layout: 'sidebar', guard: 'guestOnly', prerender: true },
  // Its largest part, the notices, comes from the API: the server puts them in its prerender
  // (LOGIN_NOTICES). Prerendered without them, the page painted sooner but its largest part no
  // sooner (Lighthouse's phone: 86 against 91 not prerendered).
  login: { path: WEB_PATHS.login, name: 'Login', pageName: 'login', layout: 'noSidebar', guard: 'guestOnly', prerender: true },
  resetPassword: {
    path: WEB_PATHS.resetPassword,
    name: 'ResetPassword',
    pageName: 'resetpassword',
    layout: 'noSidebar',
    guard: 'open',
    prerender: true,
  },
  registration: {
    path: WEB_PATHS.registration,
    name: 'RegisterPage',
    pageName: 'registerpage',
    layout: 'noSidebar',
    guard: 'open',
    prerender: true,
  },
  emailVerification: {
    path: WEB_PATHS.emailVerification,
    name: '',
    pageName: 'emailverification',
    layout: 'noSidebar',
    guard: 'open',
  },
  dashboard: {
    path: WEB_PATHS.dashboard,
    name: 'DashboardPage',
    pageName: 'dashboardpage',
    layout: 'dashboard',
    guard: 'login',
  },
  changePassword: {
    path: WEB_PATHS.changePassword,
    name: 'ChangePasswordPage',
    pageName: 'changepasswordpage',
    layout: 'noSidebar',
    guard: 'login',
  },
  onboardingDetails: {
    path: WEB_PATHS.onboardingDetails,
    name: 'onboardingDetails',
    pageName: 'onboardingdetails',
    layout: 'dashboard',
    guard: 'onboardingDetails',
  },
  onboardingDetailPreview: {
    path: WEB_PATHS.onboardingDetailPreview,
    name: 'onboardingDetailPreview',
    pageName: 'onboardingdetailpreview',
    layout: 'dashboard',
    guard: 'onboardingPreview',
  },

  partnerStatus: partner(WEB_PATHS.partnerStatus, 'PartnerStatus'),
  // Paths match case-insensitively, so /partnerDashboard reaches this page too (spec section 2).
  partnerDashboard: partner(WEB_PATHS.partnerDashboard, 'PartnerDashboard', { label: 'menu.partnerDashboard' }),
  partnerProfile: partner(WEB_PATHS.partnerProfile, 'PartnerProfile', { label: 'menu.partnerProfile' }),
  addCompany: partner(WEB_PATHS.addCompany, 'AddCompany', { label: 'menu.addCompany' }),
  partnerAuctions: partner(WEB_PATHS.partnerAuctions, 'PartnerAuctions', { label: 'menu.partnerAuctions' }),
  partnerSummary: partner(WEB_PATHS.partnerSummary, 'PartnerSummary', { label: 'menu.partnerSummary' }),
  partnerInvoice: partner(WEB_PATHS.partnerInvoice, 'PartnerInvoice', {
    label: 'menu.partnerInvoice',
    hidden: true,
    disabled: true,
  }),
  partnerReminder: partner(WEB_PATHS.partnerReminder, 'PartnerReminder', { label: 'menu.partnerReminder' }),
  partnerFeedback: partner(WEB_PATHS.partnerFeedback, 'PartnerFeedback', { label: 'menu.partnerFeedback' }),
  claimRequest: partner(WEB_PATHS.claimRequest, 'ClaimRequest', { label: 'menu.claimRequest' }),
  branchDetails: partner(WEB_PATHS.branchDetails, 'BranchDetails', { label: 'menu.branchDetails' }),
  testimonials: partner(WEB_PATHS.testimonials, 'Testimonials', { label: 'menu.testimonials' }),

  summaryPage: staff(WEB_PATHS.summaryPage),
  segregator: staff(WEB_PATHS.segregator),
  categorizer: staff(WEB_PATHS.categorizer),
  workbench: staff(WEB_PATHS.workbench),
  partnerForensics: staff(WEB_PATHS.partnerForensics),
  forensicsDashboard: staff(WEB_PATHS.forensicsDashboard),
  reports: staff(WEB_PATHS.reports),
  partnerQueries: staff(WEB_PATHS.partnerQueries),
  grievanceDashboard: staff(WEB_PATHS.grievanceDashboard, 'staffGrievanceDashboard'),
  grievanceInternational: staff(WEB_PATHS.grievanceInternational),
  customerRegistration: staff(WEB_PATHS.customerRegistration, 'staffCustomerAdmin'),
  vendorDetails: staff(WEB_PATHS.vendorDetails),
  partnerApproval: staff(WEB_PATHS.partnerApproval, 'staff', 'partnerapproval'),
  getSession: staff(WEB_PATHS.getSession, 'open'),
  // The gallery shows the help flaps too, as the partner pages have them.
  designPage: { ...staff(WEB_PATHS.designPage), help: true },
  // Development aid, not in the spec: the local outbox of SMS and e-mail (the server turns it off in production).
  mailbox: {
    path: WEB_PATHS.mailbox,
    name: 'Mailbox',
    pageName: 'mailbox',
    layout: 'noSidebar',
    guard: 'open',
    chat: false,
    help: false,
  },
  // Development aid of issue 25: faults, the virtual clock and the journal (the server turns them off in production).
  devtools: {
    path: WEB_PATHS.devtools,
    name: 'Devtools',
    pageName: 'devtools',
    layout: 'noSidebar',
    guard: 'open',
    chat: false,
    help: false,
  },
  /** The group's procurement system's landing page: a stand-in served by the stack (section 7's sign-in to it). */
  procurement: {
    path: WEB_PATHS.procurement,
    name: 'Procurement',
    pageName: 'procurement',
    layout: 'noSidebar',
    guard: 'open',
    chat: false,
    help: false,
  },
  /** The group's external sign-in for staff: a stand-in served by the stack (EXTERNAL_LOGIN_URL points here). */
  groupSso: {
    path: WEB_PATHS.groupSso,
    name: 'GroupSso',
    pageName: 'groupsso',
    layout: 'noSidebar',
    guard: 'open',
    chat: false,
    help: false,
  },
} satisfies Record<string, RouteSpec>;

export type RouteKey = keyof typeof ROUTES;
export type RouteDef = RouteSpec & { key: RouteKey };
export const ALL_ROUTES: RouteDef[] = (Object.entries(ROUTES) as [RouteKey, RouteSpec][]).map(([key, r]) => ({ key, ...r }));

export function findRoute(pathname: string): RouteDef | undefined {
  const lower = pathname.toLowerCase();
  return ALL_ROUTES.find((r) => r.path.toLowerCase() === lower);
}

/** A route's address inside the app (what Link, navigate and redirects take), with its query. */
export function href(key: RouteKey, query?: Record<string, string>): string {
  const search = query ? `?${new URLSearchParams(query).toString()}` : '';
  return `${ROUTES[key].path}${search}`;
}

/** The same address as the browser shows it, under the app's base path (for links out of the router). */
export const absoluteHref = (key: RouteKey, query?: Record<string, string>) => `${WEB_BASE_PATH}${href(key, query)}`;

/** The app-relative path of a browser path (strips the base path). */
export const appPath = (pathname: string) =>
  pathname.toLowerCase().startsWith(WEB_BASE_PATH.toLowerCase()) ? pathname.slice(WEB_BASE_PATH.length) || '/' : pathname;
