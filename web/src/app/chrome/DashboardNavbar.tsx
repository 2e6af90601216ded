import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pageAccessQuery } from '../../api/page-access.ts';
import { usePopover } from '../../components/use-popover.ts';
import { href } from '../../routing/routes.ts';
import { failureText } from '../../api/client.ts';
import { procurementTicket } from '../../api/procurement.ts';
import { showAlert } from '../../lib/ui-state.ts';
import { useSession } from '../../session/session.ts';
import { Brand } from '../../components/Brand.tsx';
import { LanguagePicker } from '../../components/LanguagePicker.tsx';
import { NotificationBell } from './NotificationBell.tsx';
import { ProfilePopover } from './ProfilePopover.tsx';

/**
 * Staff sign in to the group's procurement system from here (section 7): the server gives a
 * one-time ticket and the procurement page that takes it, opened in a tab of its own. The tab is
 * opened at the click (browsers allow that) and sent on once the ticket is there.
 */
function ProcurementLink() {
  const { t } = useTranslation('chrome');
  const open = useMutation({
    mutationFn: async (tab: Window | null) => ({ tab, ...(await procurementTicket()) }),
    onSuccess: ({ tab, redirectUrl }) => {
      if (tab) tab.location.href = redirectUrl;
      else window.location.assign(redirectUrl);
    },
    onError: (error, tab) => {
      tab?.close();
      void showAlert(failureText(error));
    },
  });
  return (
    <button
      type="button"
      className="btn btn-sm btn-outline-light"
      title={t('procurement.openHint')}
      disabled={open.isPending}
      onClick={() => open.mutate(window.open('', '_blank'))}
    >
      {t('procurement.open')}
    </button>
  );
}

/** The staff pages the signed-in staff member may open, as the server's page access answers them. */
function StaffPagesMenu() {
  const { t } = useTranslation(['chrome', 'routes']);
  const { open, setOpen, toggle, ref } = usePopover<HTMLDivElement>();
  const { data } = useQuery(pageAccessQuery);
  const pages = (data?.pages ?? []).filter((p) => p.allowed);
  if (pages.length === 0) return null;
  return (
    <div className="dropdown" ref={ref}>
      <button
        type="button"
        className="btn btn-sm btn-outline-light dropdown-toggle"
        aria-expanded={open}
        aria-controls="staff-pages"
        onClick={toggle}
      >
        {t('staffPages.open')}
      </button>
      {open && (
        <nav id="staff-pages" aria-label={t('staffPages.title')}>
          <ul className="dropdown-menu dropdown-menu-end show">
            {pages.map((p) => (
              <li key={p.page}>
                <Link className="dropdown-item" to={href(p.page)} onClick={() => setOpen(false)}>
                  {t(`routes:title.${p.page}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  );
}

/** Dashboard navbar of spec section 2: logo home, notification bell, profile popover; and the language. */
export function DashboardNavbar() {
  const { t } = useTranslation('chrome');
  const { role } = useSession();
  const isPartner = role === 'PARTNER';
  return (
    <nav className="navbar navbar-expand navbar-dark dashboard-navbar px-3" aria-label={t('dashboardNav')}>
      <Brand />
      {/* On a phone the staff controls take a second line rather than widen the page. */}
      <div className="ms-auto d-flex flex-wrap justify-content-end align-items-center gap-1">
        {role && !isPartner && <StaffPagesMenu />}
        {role && !isPartner && <ProcurementLink />}
        <LanguagePicker />
        {isPartner && <NotificationBell />}
        <ProfilePopover />
      </div>
    </nav>
  );
}
