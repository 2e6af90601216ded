import { Suspense, lazy, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { DashboardNavbar } from './chrome/DashboardNavbar.tsx';
import { Footer } from '../components/Footer.tsx';
import { PartnerHeader } from './chrome/PartnerHeader.tsx';
import { PartnerSidebar } from './chrome/PartnerSidebar.tsx';
import { PublicNavbar } from '../components/PublicNavbar.tsx';
import type { LayoutName, RouteDef } from './paths.ts';

/** Page names with no public bar at all (staff pages bring their own chrome). */
const STAFF_LAYOUT_PAGES = new Set([
  'categorizer',
  'segregator',
  'summarypage',
  'customerregistration',
  'forensicsdashboard',
  'partnerforensics',
  'partnerapproval',
  'partnerqueries',
  'vendordetails',
  'workbench',
  'reports',
  'grievanceinternational',
  'grievancedashboard',
  'getsession',
  'designpage',
]);

function NoSidebarLayout({ route, children }: { route: RouteDef; children: ReactNode }) {
  return (
    <div className="d-flex flex-column min-vh-100 layout-no-sidebar">
      {STAFF_LAYOUT_PAGES.has(route.pageName) ? <DashboardNavbar /> : <PublicNavbar pageName={route.pageName} />}
      <main className="flex-grow-1">{children}</main>
      <Footer />
    </div>
  );
}

const ChatWidget = lazy(() => import('../features/chat/ChatWidget.tsx').then((m) => ({ default: m.ChatWidget })));

/** Pages without the chat assistant: staff pages and the developer mailbox. */
function Chat({ route }: { route: RouteDef }) {
  if (STAFF_LAYOUT_PAGES.has(route.pageName) || route.pageName === 'mailbox') return null;
  return (
    <Suspense fallback={null}>
      <ChatWidget />
    </Suspense>
  );
}

const QUICK_LINKS = [
  { to: '/registration', label: 'Register as a partner' },
  { to: '/login', label: 'Partner login' },
  { to: '/resetpassword', label: 'Forgot password' },
];

function SidebarLayout({ route, children }: { route: RouteDef; children: ReactNode }) {
  return (
    <div className="d-flex flex-column min-vh-100 layout-sidebar">
      <PublicNavbar pageName={route.pageName} />
      <div className="d-flex flex-grow-1">
        <aside className="public-sidebar d-none d-lg-block p-3" aria-label="Quick links">
          <div className="small text-uppercase text-muted fw-semibold mb-2">Quick links</div>
          <nav className="nav flex-column">
            {QUICK_LINKS.map((l) => (
              <Link key={l.to} to={l.to} className="nav-link px-2 py-1 small">
                {l.label}
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
    <div className="d-flex flex-column min-vh-100 layout-dashboard bg-light">
      <DashboardNavbar />
      <main className="flex-grow-1">{children}</main>
      <Footer />
      <Chat route={route} />
    </div>
  );
}

function PartnerSidebarLayout({ route, children }: { route: RouteDef; children: ReactNode }) {
  return (
    <div className="d-flex min-vh-100 layout-partner-sidebar bg-light">
      <PartnerSidebar />
      <div className="flex-grow-1 d-flex flex-column min-w-0">
        <PartnerHeader />
        <main className="flex-grow-1">{children}</main>
        <Footer />
      </div>
      <Chat route={route} />
    </div>
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
  return <Component route={route}>{children}</Component>;
}
