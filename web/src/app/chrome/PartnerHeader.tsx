import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { logout } from '../../features/auth/api.ts';
import { useNotifications } from '../../features/notifications/api.ts';
import { usePartnerInfo } from '../../api/partner.ts';
import { findRoute, ROUTES } from '../paths.ts';
import { BellIcon } from '../../components/Icons.tsx';

function useClock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * Partner header of spec section 2: title, bell (→ Alerts & Reminders), user name, current time,
 * Change Password, Sign Out and a breadcrumb from the route table.
 */
export function PartnerHeader() {
  const now = useClock();
  const location = useLocation();
  const navigate = useNavigate();
  const { data: info } = usePartnerInfo();
  const { data: notifications } = useNotifications();
  const route = findRoute(location.pathname);
  const unread = notifications?.unreadCount ?? 0;

  return (
    <header className="partner-header bg-white border-bottom">
      <div className="d-flex align-items-center px-3 py-2 gap-3">
        <h1 className="h5 mb-0 me-auto">Partner Portal - PartnerDashboard</h1>
        <button
          type="button"
          className="btn btn-link nav-icon-btn position-relative text-dark"
          aria-label={`Notifications, ${unread} unread`}
          onClick={() => navigate(ROUTES.partnerReminder.path)}
        >
          <BellIcon />
          {unread > 0 && (
            <span className="position-absolute top-0 start-100 translate-middle badge rounded-pill bg-danger">{unread}</span>
          )}
        </button>
        <span className="small fw-semibold">{info?.coordinationPerson ?? info?.organizationName}</span>
        <time className="small text-muted" dateTime={now.toISOString()}>
          {now.toLocaleString()}
        </time>
        <Link to="/changepassword?origin=partnerDashboard" className="btn btn-sm btn-outline-secondary">
          Change Password
        </Link>
        <button type="button" className="btn btn-sm btn-danger" onClick={() => void logout('/home')}>
          Sign Out
        </button>
      </div>
      <nav aria-label="breadcrumb" className="px-3 pb-2">
        <ol className="breadcrumb mb-0 small">
          <li className="breadcrumb-item">
            <Link to={ROUTES.partnerDashboard.path}>Partner Dashboard</Link>
          </li>
          {route && route.path !== ROUTES.partnerDashboard.path && (
            <li className="breadcrumb-item active" aria-current="page">
              {route.title}
            </li>
          )}
        </ol>
      </nav>
    </header>
  );
}
