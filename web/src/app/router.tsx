import { Fragment, Suspense, lazy, useEffect, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { WEB_BASE_PATH } from '@pp/contract';
import {
  Navigate,
  Outlet,
  createBrowserRouter,
  matchRoutes,
  useLocation,
  useNavigate,
  useRouteError,
  type RouteObject,
} from 'react-router-dom';
import { registerNavigator } from '../api/navigation.ts';
import { AlertHost } from '../components/AlertHost.tsx';
import { GlobalSpinner } from '../components/Spinner.tsx';
import { session, useSession } from '../session/session.ts';
import { PrerenderedControls } from './app.tsx';
import { Guard } from './guard.tsx';
import { Layout } from './layouts.tsx';
import { lazyPage, type LazyPage } from './lazy-page.ts';
import { ALL_ROUTES, absoluteHref, href, type RouteDef, type RouteKey } from '../routing/routes.ts';
import { Loading } from '../components/Loading.tsx';
import { ReadFailures } from '../components/ReadFailures.tsx';

/** Every route's page (a route without one does not compile). */
const PAGES: Record<RouteKey, LazyPage> = {
  home: lazyPage(() => import('../features/home/HomePage.tsx')),
  login: lazyPage(() => import('../features/auth/LoginPage.tsx')),
  dashboard: lazyPage(() => import('../features/dashboard/DashboardPage.tsx')),
  registration: lazyPage(() => import('../features/registration/RegistrationPage.tsx')),
  emailVerification: lazyPage(() => import('../features/registration/EmailVerificationPage.tsx')),
  resetPassword: lazyPage(() => import('../features/auth/ResetPasswordPage.tsx')),
  changePassword: lazyPage(() => import('../features/auth/ChangePasswordPage.tsx')),
  mailbox: lazyPage(() => import('../features/mailbox/MailboxPage.tsx')),
  devtools: lazyPage(() => import('../features/devtools/DevtoolsPage.tsx')),
  groupSso: lazyPage(() => import('../features/auth/GroupSsoPage.tsx')),
  procurement: lazyPage(() => import('../features/auth/ProcurementPage.tsx')),
  getSession: lazyPage(() => import('../features/auth/GetSessionPage.tsx')),
  workbench: lazyPage(() => import('../features/workflow/WorkbenchPage.tsx')),
  // The sorting desks work their queue on the same list, with their own actions.
  segregator: lazyPage(() => import('../features/workflow/WorkbenchPage.tsx')),
  categorizer: lazyPage(() => import('../features/workflow/WorkbenchPage.tsx')),
  summaryPage: lazyPage(() => import('../features/workflow/SummaryPage.tsx')),
  partnerApproval: lazyPage(() => import('../features/workflow/SummaryPage.tsx')),
  designPage: lazyPage(() => import('./design/DesignPage.tsx')),
  forensicsDashboard: lazyPage(() => import('../features/forensics/ForensicsDashboardPage.tsx')),
  partnerForensics: lazyPage(() => import('../features/forensics/PartnerForensicsPage.tsx')),
  // One page for both: the route says whose grievances (India's partners or the rest of the world's).
  grievanceDashboard: lazyPage(() => import('../features/grievances/GrievanceDashboardPage.tsx')),
  grievanceInternational: lazyPage(() => import('../features/grievances/GrievanceDashboardPage.tsx')),
  partnerQueries: lazyPage(() => import('../features/partner-queries/PartnerQueriesPage.tsx')),
  reports: lazyPage(() => import('../features/reports/ReportsPage.tsx')),
  customerRegistration: lazyPage(() => import('../features/customers/CustomerRegistrationPage.tsx')),
  vendorDetails: lazyPage(() => import('../features/vendors/VendorDetailsPage.tsx')),
  onboardingDetails: lazyPage(() => import('../features/onboarding/OnboardingPage.tsx')),
  onboardingDetailPreview: lazyPage(() => import('../features/onboarding/PreviewPage.tsx')),
  partnerReminder: lazyPage(() => import('../features/notifications/RemindersPage.tsx')),
  partnerDashboard: lazyPage(() => import('../features/business/PartnerDashboardPage.tsx')),
  partnerSummary: lazyPage(() => import('../features/business/OrderSummaryPage.tsx')),
  partnerInvoice: lazyPage(() => import('../features/business/InvoicePage.tsx')),
  claimRequest: lazyPage(() => import('../features/grievances/ClaimRequestPage.tsx')),
  partnerAuctions: lazyPage(() => import('../features/auctions/AuctionsPage.tsx')),
  partnerFeedback: lazyPage(() => import('../features/feedback/FeedbackPage.tsx')),
  testimonials: lazyPage(() => import('../features/testimonials/TestimonialsPage.tsx')),
  addCompany: lazyPage(() => import('../features/companies/AddCompanyPage.tsx')),
  partnerStatus: lazyPage(() => import('../features/status/PartnerStatusPage.tsx')),
  branchDetails: lazyPage(() => import('../features/branches/BranchDetailsPage.tsx')),
  partnerProfile: lazyPage(() => import('../features/onboarding/PartnerProfilePage.tsx')),
};

/**
 * Only a signed-in tab has an idle clock: a visitor's first page does not carry it. Not a page, so
 * not under the page's 120-second limit: a late chunk starts the clock late instead of failing the page.
 */
const IdleWatcher = lazy(() => import('./idle-watcher.tsx').then((m) => ({ default: m.IdleWatcher })));

function Root() {
  const navigate = useNavigate();
  const { token } = useSession();
  useEffect(() => {
    registerNavigator((to, options) => void navigate(to, options));
    return () => registerNavigator(null);
  }, [navigate]);
  return (
    <>
      <Outlet />
      {token && (
        <Suspense fallback={null}>
          <IdleWatcher />
        </Suspense>
      )}
      <GlobalSpinner />
      <AlertHost />
    </>
  );
}

function RoutePage({ route, page: Page }: { route: RouteDef; page: ComponentType }) {
  const { t } = useTranslation(['common', 'routes']);
  const location = useLocation();
  const title = t(`routes:title.${route.key}`);
  useEffect(() => {
    document.title = t('pageTitle', { title });
  }, [t, title]);
  useEffect(() => {
    if (session.get().token) session.setRoute(location.pathname);
  }, [location.pathname]);
  // A prerendered page's controls wait for the app twice: the layout's (the language, the flaps) until
  // the layout is hydrated, the page's until the page's own part is (its code may come later).
  const Controls = route.prerender ? PrerenderedControls : Fragment;
  return (
    <Guard guard={route.guard}>
      <Controls>
        <Layout route={route}>
          <ReadFailures />
          <Suspense fallback={<Loading className="container py-4 text-muted" />}>
            <Controls>
              <Page />
            </Controls>
          </Suspense>
        </Layout>
      </Controls>
    </Guard>
  );
}

function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  return (
    <div className="container py-5">
      <h1 className="h4">{t('error.title')}</h1>
      <p className="text-muted">{error instanceof Error ? error.message : t('error.text')}</p>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        {t('error.reload')}
      </button>
    </div>
  );
}

function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="container py-5">
      <h1 className="h4">{t('notFound.title')}</h1>
      <p className="text-muted">{t('notFound.text')}</p>
      <a href={absoluteHref('home')} className="btn btn-primary">
        {t('notFound.home')}
      </a>
    </div>
  );
}

/** `/` goes to /dashboard with a session token, otherwise to /home (spec section 2). */
function StartRedirect() {
  const { token } = useSession();
  return <Navigate to={href(token ? 'dashboard' : 'home')} replace />;
}

export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteError />,
    children: [
      {
        // A page's failure (its code that never came) takes the page's place, under the root: the
        // session's idle clock, the alerts and the spinner stay, so a tab left on the error still
        // idles out (spec section 4).
        errorElement: <RouteError />,
        children: [
          { path: '/', element: <StartRedirect /> },
          ...ALL_ROUTES.map((route) => ({
            path: route.path,
            element: <RoutePage route={route} page={PAGES[route.key]} />,
            handle: { page: PAGES[route.key] } satisfies PageHandle,
          })),
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

/**
 * The app's router, made by the start rather than as this module is evaluated: it ranks every
 * route's path, work that made that evaluation one of the long tasks after /login's first paint.
 */
export const createRouter = () => createBrowserRouter(routes, { basename: WEB_BASE_PATH });

interface PageHandle {
  page: LazyPage;
}

/**
 * The page of the address the tab opened on, loaded before the first render, so that render holds
 * the page itself: the layout first committed with a loading state, and the page then pushed its
 * footer down (CLS 0.08 on /home on Lighthouse's phone). The server's route preloads fetch the
 * page's chunks beside the entry's, so this waits for little.
 */
export const preloadFirstPage = (): Promise<void> => preloadPageAt(window.location);

/** Loads the chunk of the page at an address (a path under the base), resolving when it is here. */
export function preloadPageAt(location: { pathname: string }): Promise<void> {
  const match = matchRoutes(routes, location, WEB_BASE_PATH)?.at(-1);
  const handle = match?.route.handle as PageHandle | undefined;
  return handle ? handle.page.preload() : Promise.resolve();
}
