import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { logout } from '../../features/auth/logout.ts';
import { notificationsQuery } from '../../features/notifications/api.ts';
import { partnerInfoQuery } from '../../api/partner.ts';
import { findRoute, href } from '../../routing/routes.ts';
import { UnreadBell } from './UnreadBell.tsx';
import { LanguagePicker } from '../../components/LanguagePicker.tsx';
import { ScrollMessages } from '../../features/notifications/ScrollMessages.tsx';
import { SCROLL_MESSAGE_TYPES } from '@pp/contract';
import { dateTimeOf } from '../../lib/dates.ts';

function useClock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** Whether this page load already sent the partner to the reminders (a reload is a new load). */
let sentOnLoad = false;

/**
 * "Any unread notification on load also sends the user there" (spec section 2): once per page
 * load, when the first answer has unread ones; after that the partner moves about freely.
 */
function useUnreadOnLoad(unread: number, answered: boolean, onReminders: boolean) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!answered || sentOnLoad) return;
    sentOnLoad = true;
    if (unread > 0 && !onReminders) void navigate(href('partnerReminder'));
  }, [answered, unread, onReminders, navigate]);
}

/**
 * Partner header of spec section 2: title, bell (→ Alerts & Reminders), user name, current time,
 * Change Password, Sign Out and a breadcrumb from the route table.
 */
export function PartnerHeader() {
  const { t } = useTranslation(['chrome', 'routes']);
  const now = useClock();
  const location = useLocation();
  const navigate = useNavigate();
  const { data: info } = useQuery(partnerInfoQuery);
  const { data: notifications } = useQuery(notificationsQuery);
  const route = findRoute(location.pathname);
  const unread = notifications?.unreadCount ?? 0;
  useUnreadOnLoad(unread, notifications !== undefined, route?.key === 'partnerReminder');

  return (
    <header className="partner-header bg-white border-bottom">
      <div className="d-flex align-items-center px-3 py-2 gap-3">
        {/* One line whatever the name beside it: a title wrapping when the name arrives moved the
            page. The rest keep one line each too; the title gives way (text-truncate). */}
        <h1 className="h5 mb-0 me-auto text-truncate min-w-0">{t('headerTitle')}</h1>
        <LanguagePicker />
        <button
          type="button"
          className="btn btn-link nav-icon-btn position-relative text-dark"
          aria-label={t('notificationsButton', { count: unread })}
          onClick={() => void navigate(href('partnerReminder'))}
        >
          <UnreadBell unread={unread} />
        </button>
        <span className="small fw-semibold text-nowrap" data-user-content>
          {info?.coordinationPerson ?? info?.organizationName}
        </span>
        <time className="small text-muted text-nowrap" dateTime={now.toISOString()}>
          {dateTimeOf(now, true)}
        </time>
        <Link
          to={href('changePassword', { origin: 'partnerDashboard' })}
          className="btn btn-sm btn-outline-secondary text-nowrap"
        >
          {t('changePassword')}
        </Link>
        <button type="button" className="btn btn-sm btn-danger text-nowrap" onClick={() => void logout(href('home'))}>
          {t('signOut')}
        </button>
      </div>
      <nav aria-label={t('breadcrumb')} className="px-3 pb-2">
        <ol className="breadcrumb mb-0 small">
          <li className="breadcrumb-item">
            <Link to={href('partnerDashboard')}>{t('routes:title.partnerDashboard')}</Link>
          </li>
          {route && route.key !== 'partnerDashboard' && (
            <li className="breadcrumb-item active" aria-current="page">
              {t(`routes:title.${route.key}`)}
            </li>
          )}
        </ol>
      </nav>
      <ScrollMessages types={SCROLL_MESSAGE_TYPES.partner} />
    </header>
  );
}
