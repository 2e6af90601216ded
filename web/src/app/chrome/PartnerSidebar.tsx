import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { NavLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ALL_ROUTES } from '../../routing/routes.ts';
import { partnerInfoQuery } from '../../api/partner.ts';
import { MenuIcon } from '../../components/Icons.tsx';
import { ProfilePicture } from './ProfilePicture.tsx';

/** Branch Details is hidden for partners of classification code 2 (spec section 6). */
const BRANCH_HIDDEN_CLASSIFICATION = 2;

/** Collapsible partner sidebar: picture, organisation name, partner number and the menu. */
export function PartnerSidebar() {
  const { t } = useTranslation(['chrome', 'routes']);
  const [collapsed, setCollapsed] = useState(false);
  const { data: info } = useQuery(partnerInfoQuery);
  const menu = ALL_ROUTES.flatMap(({ menu: entry, ...route }) => (entry && !entry.hidden ? [{ ...route, menu: entry }] : []));
  return (
    <aside className={`partner-sidebar ${collapsed ? 'collapsed' : ''}`} aria-label={t('partnerMenu')}>
      <button
        type="button"
        className="btn btn-link text-white sidebar-toggle"
        aria-label={t(collapsed ? 'expandMenu' : 'collapseMenu')}
        onClick={() => setCollapsed((c) => !c)}
      >
        <MenuIcon />
      </button>
      {!collapsed && (
        <div className="text-center px-2 pb-3 border-bottom border-secondary">
          <ProfilePicture />
          <div className="fw-semibold small" data-user-content>
            {info?.organizationName}
          </div>
          <div className="small opacity-75" data-user-content>
            {info?.partnerNumber}
          </div>
        </div>
      )}
      <nav className="nav flex-column py-2">
        {menu
          .filter((r) => !(r.name === 'BranchDetails' && info?.classificationCode === BRANCH_HIDDEN_CLASSIFICATION))
          .map((r) => {
            const label = t(`routes:${r.menu.label}`);
            return (
              <NavLink key={r.path} to={r.path} className="nav-link text-white-50" title={label}>
                {collapsed ? label.slice(0, 1) : label}
              </NavLink>
            );
          })}
      </nav>
    </aside>
  );
}
