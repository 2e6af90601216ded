import { Suspense, lazy, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { SCROLL_MESSAGE_TYPES } from '@pp/contract';
import { Footer } from '../components/Footer.tsx';
import { Loading } from '../components/Loading.tsx';
import { HelpFlaps } from '../features/help/HelpFlaps.tsx';
import { PublicNavbar } from '../components/PublicNavbar.tsx';
import { useTranslation } from 'react-i18next';
import { href, type LayoutName, type RouteDef } from '../routing/routes.ts';
import { useAppRunning } from './app.tsx';

// The signed-in chrome (profile, notifications, company switch) speaks the contract's partner API;
// it loads with the first page that shows it, not with the public pages.
const DashboardNavbar = lazy(() => import('./chrome/DashboardNavbar.tsx').then((m) => ({ default: m.DashboardNavbar })));
const PartnerHeader = lazy(() => import('./chrome/PartnerHeader.tsx').then((m) => ({ default: m.PartnerHeader })));
const PartnerSidebar = lazy(() => import('./chrome/PartnerSidebar.tsx').then((m) => ({ default: m.PartnerSidebar })));
const OnboardingScrollMessages = lazy(() =>
  import('../features/notifications/ScrollMessages.tsx').then((m) => ({
    default: () => <m.ScrollMessages types={SCROLL_MESSAGE_TYPES.onboarding} />,
  })),
);

/** Chrome that may still be loading: the page shows meanwhile, without it. */
const Chrome = ({ children }: { children: ReactNode }) => <Suspense fallback={null}>{children}</Suspense>;

/**
 * The signed-in layouts' chrome and page appear together: a navbar, ticker or sidebar arriving
 * after the page moved all of it down or aside (layout shift 0.07 on /dashboard, 0.26 on
 * /partnerdashboard). Until both are here the page's loading line shows.
 */
const Together = ({ children }: { children: ReactNode }) => (
  <Suspense fallback={<Loading className="container py-4 text-muted" />}>{children}</Suspense>
);

function NoSidebarLayout({ route, children }: { route: RouteDef; children: ReactNode }) {
  return (
    <div className="d-flex flex-column min-vh-100 layout-no-sidebar">
      {route.staffChrome ? (
        <Chrome>
          <DashboardNavbar />
        </Chrome>
      ) : (
        <PublicNavbar pageName={route.pageName} />
      )}
      <main className="flex-grow-1">{children}</main>
      <Footer />
    </div>
  );
}

const ChatWidget = lazy(() => import('../features/chat/ChatWidget.tsx').then((m) => ({ default: m.ChatWidget })));

/**
 * The chat assistant, on the pages the route table offers it on. Drawn once the app runs, not in a
 * prerendered page: its button, hydrated only when its chunk had come, took no press before then.
 */
function Chat({ route }: { route: RouteDef }) {
  const running = useAppRunning();
  if (route.chat === false || !running) return null;
  return (
    <Suspense fallback={null}>
      <ChatWidget />
    </Suspense>
  );
}

const QUICK_LINKS = [
  { to: href('registration'), label: 'quick.register' },
  { to: href('login'), label: 'quick.login' },
  { to: href('resetPassword'), label: 'quick.reset' },
] as const;

function SidebarLayout({ route, children }: { route: RouteDef; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="d-flex flex-column min-vh-100 layout-sidebar">
      <PublicNavbar pageName={route.pageName} />
      <div className="d-flex flex-grow-1">
        <aside className="public-sidebar d-none d-lg-block p-3" aria-label={t('quickLinks')}>
          <div className="small text-uppercase text-muted fw-semibold mb-2">{t('quickLinks')}</div>
          <nav className="nav flex-column">
            {QUICK_LINKS.map((l) => (
              <Link key={l.to} to={l.to} className="nav-link px-2 py-1 small">
                {t(l.label)}
              </Link>
            ))}
          </nav>
        </aside>
        <main className="flex-grow-1 min-w-0">{children}</main>
      </div>
      <Footer />
      <Chat route={route} />
    </div>
  );
}

function DashboardLayout({ route, children }: { route: RouteDef; children: ReactNode }) {
  return (
    <Together>
      <div className="d-flex flex-column min-vh-100 layout-dashboard bg-light">
        <DashboardNavbar />
        <OnboardingScrollMessages />
        <main className="flex-grow-1">{children}</main>
        <Footer />
        <Chat route={route} />
      </div>
    </Together>
  );
}

function PartnerSidebarLayout({ route, children }: { route: RouteDef; children: ReactNode }) {
  return (
    <Together>
      <div className="d-flex min-vh-100 layout-partner-sidebar bg-light">
        <PartnerSidebar />
        <div className="flex-grow-1 d-flex flex-column min-w-0">
          <PartnerHeader />
          <main className="flex-grow-1">{children}</main>
          <Footer />
        </div>
        <Chat route={route} />
      </div>
    </Together>
  );
}

const LAYOUTS: Record<LayoutName, (props: { route: RouteDef; children: ReactNode }) => ReactNode> = {
  noSidebar: NoSidebarLayout,
  sidebar: SidebarLayout,
  dashboard: DashboardLayout,
  partnerSidebar: PartnerSidebarLayout,
};

export function Layout({ route, children }: { route: RouteDef; children: ReactNode }) {
  const Component = LAYOUTS[route.layout];
  if (route.help === false) return <Component route={route}>{children}</Component>;
  // The flaps sit on the right edge: the page keeps clear of them.
  return (
    <div className="has-help-flaps">
      <Component route={route}>{children}</Component>
      <HelpFlaps pageName={route.pageName} />
    </div>
  );
}
