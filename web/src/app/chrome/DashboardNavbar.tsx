import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/session.ts';
import { Brand } from '../../components/Brand.tsx';
import { LanguagePicker } from '../../components/LanguagePicker.tsx';
import { NotificationBell } from './NotificationBell.tsx';
import { ProfilePopover } from './ProfilePopover.tsx';

/** Dashboard navbar of spec section 2: logo home, notification bell, profile popover; and the language. */
export function DashboardNavbar() {
  const { t } = useTranslation('chrome');
  const isPartner = useSession().role === 'PARTNER';
  return (
    <nav className="navbar navbar-expand navbar-dark dashboard-navbar px-3" aria-label={t('dashboardNav')}>
      <Brand />
      <div className="ms-auto d-flex align-items-center gap-1">
        <LanguagePicker />
        {isPartner && <NotificationBell />}
        <ProfilePopover />
      </div>
    </nav>
  );
}
