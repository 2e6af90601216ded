import { Suspense, useEffect, type ComponentType } from 'react';
import {
  Navigate,
  Outlet,
  createBrowserRouter,
  useLocation,
  useNavigate,
  useRouteError,
  type RouteObject,
} from 'react-router-dom';
import { registerNavigator } from '../api/navigation.ts';
import { AlertHost } from '../components/AlertHost.tsx';
import { PlaceholderPage } from '../components/PlaceholderPage.tsx';
import { GlobalSpinner } from '../components/Spinner.tsx';
import { session, useSession } from '../session/session.ts';
import { Guard } from './guard.tsx';
import { IdleWatcher } from './idle-watcher.tsx';
import { Layout } from './layouts.tsx';
import { lazyPage } from './lazy-page.ts';
import { ROUTES, type RouteDef, type RouteKey } from './paths.ts';

/** Pages built so far; every other route shows its title and says it is not available yet. */
const PAGES: Partial<Record<RouteKey, ComponentType>> = {
  home: lazyPage(() => import('../features/home/HomePage.tsx')),
  login: lazyPage(() => import('../features/auth/LoginPage.tsx')),
  dashboard: lazyPage(() => import('../features/dashboard/DashboardPage.tsx')),
  registration: lazyPage(() => import('../features/registration/RegistrationPage.tsx')),
  emailVerification: lazyPage(() => import('../features/registration/EmailVerificationPage.tsx')),
  resetPassword: lazyPage(() => import('../features/auth/ResetPasswordPage.tsx')),
  changePassword: lazyPage(() => import('../features/auth/ChangePasswordPage.tsx')),
  mailbox: lazyPage(() => import('../features/mailbox/MailboxPage.tsx')),
};

function Root() {
  const navigate = useNavigate();
  useEffect(() => {
    registerNavigator((to, options) => void navigate(to, options));
    return () => registerNavigator(null);
  }, [navigate]);
  return (
    <>
      <Outlet />
      <IdleWatcher />
      <GlobalSpinner />
      <AlertHost />
    </>
  );
}

function RoutePage({ route, page: Page }: { route: RouteDef; page: ComponentType | undefined }) {
  const location = useLocation();
  useEffect(() => {
    document.title = `${route.title} · Partner Portal`;
    if (session.get().token) session.setRoute(location.pathname);
  }, [route, location.pathname]);
  return (
    <Guard guard={route.guard}>
      <Layout route={route}>
        <Suspense fallback={<div className="container py-4 text-muted">Loading…</div>}>
          {Page ? <Page /> : <PlaceholderPage title={route.title} />}
        </Suspense>
      </Layout>
    </Guard>
  );
}

function RouteError() {
  const error = useRouteError();
  return (
    <div className="container py-5">
      <h1 className="h4">Something went wrong</h1>
      <p className="text-muted">{error instanceof Error ? error.message : 'The page could not be shown.'}</p>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        Reload
      </button>
    </div>
  );
}

function NotFoundPage() {
  return (
    <div className="container py-5">
      <h1 className="h4">Page not found</h1>
      <p className="text-muted">There is no page at this address.</p>
      <a href={`${import.meta.env.BASE_URL}home`} className="btn btn-primary">
        Go to the home page
      </a>
    </div>
  );
}

/** `/` goes to /dashboard with a session token, otherwise to /home (spec section 2). */
function StartRedirect() {
  const { token } = useSession();
  return <Navigate to={token ? '/dashboard' : '/home'} replace />;
}

const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <StartRedirect /> },
      ...(Object.entries(ROUTES) as [RouteKey, RouteDef][]).map(([key, route]) => ({
        path: route.path,
        element: <RoutePage route={route} page={PAGES[key]} />,
      })),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const router = createBrowserRouter(routes, { basename: '/PartnerMgmtApp' });
