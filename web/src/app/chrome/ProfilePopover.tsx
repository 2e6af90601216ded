import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { UI_MESSAGES } from '@pp/contract';
import { logout } from '../../features/auth/logout.ts';
import { companiesQuery, partnerInfoQuery, switchCategory } from '../../api/partner.ts';
import { navigateTo } from '../../api/navigation.ts';
import { SessionEndedError, failureText } from '../../api/client.ts';
import { href } from '../../routing/routes.ts';
import { showAlert } from '../../lib/ui-state.ts';
import { session, useSession } from '../../session/session.ts';
import { UserIcon } from '../../components/Icons.tsx';
import { usePopover } from '../../components/use-popover.ts';

/**
 * Profile popover of the dashboard navbar: company switcher, primary and secondary business,
 * Change Password and Logout (spec section 2). Choosing a company or business runs the category
 * audit; on 'User Category Audit Recorded' the choice goes into the session and the user to /dashboard.
 */
export function ProfilePopover() {
  const { t } = useTranslation(['chrome', 'messages']);
  const { open: popoverOpen, setOpen: setPopoverOpen, toggle: togglePopover, ref: popoverRef } = usePopover<HTMLDivElement>();
  const { role, companyCode: currentCompany, categoryCode: currentCategory } = useSession();
  const isPartner = role === 'PARTNER';
  const { data: info } = useQuery({ ...partnerInfoQuery, enabled: isPartner });
  const { data: companies, error: companiesError } = useQuery({ ...companiesQuery, enabled: isPartner });

  const companyOptions = [...new Map((companies ?? []).map((c) => [c.companyCode, c])).values()];
  // Businesses of the company being worked under; switching company offers that company's list.
  const ofCurrentCompany = (primary: boolean) =>
    (companies ?? [])
      .filter((c) => c.companyCode === currentCompany && c.isPrimary === primary)
      .map((c) => ({ categoryCode: c.categoryCode, categoryName: c.categoryName }));

  const switchTo = useMutation({
    mutationFn: async ({ companyCode, categoryCode }: { companyCode: number; categoryCode: string }) => {
      const answer = await switchCategory(categoryCode, companyCode);
      if (answer !== UI_MESSAGES.categoryAuditRecorded) throw new Error(answer);
    },
    onSuccess: (_, { companyCode, categoryCode }) => {
      const company = companyOptions.find((c) => c.companyCode === companyCode);
      session.setCompany(companyCode, company?.company ?? null, categoryCode);
      setPopoverOpen(false);
      if (window.location.pathname.endsWith(href('dashboard'))) window.location.reload();
      else navigateTo(href('dashboard'));
    },
    onError: (error) => {
      if (!(error instanceof SessionEndedError)) void showAlert(t('messages:companySwitchFailure'));
    },
  });
  const choose = (companyCode: number, categoryCode: string) => switchTo.mutate({ companyCode, categoryCode });

  const switchCompany = (companyCode: number) => {
    const mapping =
      companies?.find((c) => c.companyCode === companyCode && c.isPrimary) ??
      companies?.find((c) => c.companyCode === companyCode);
    if (mapping) choose(companyCode, mapping.categoryCode);
  };

  const businessList = (title: string, list: { categoryCode: string; categoryName: string }[]) =>
    list.length > 0 && (
      <div className="mb-2">
        <div className="small text-uppercase text-muted fw-semibold">{title}</div>
        <div className="list-group list-group-flush">
          {list.map((b) => (
            <button
              key={b.categoryCode}
              type="button"
              className={`list-group-item list-group-item-action small py-1 ${b.categoryCode === currentCategory ? 'active' : ''}`}
              onClick={() => currentCompany !== null && choose(currentCompany, b.categoryCode)}
            >
              {b.categoryName}
            </button>
          ))}
        </div>
      </div>
    );

  return (
    <div className="position-relative" ref={popoverRef}>
      <button
        type="button"
        className="btn btn-link nav-icon-btn"
        aria-label={t('profile')}
        aria-expanded={popoverOpen}
        onClick={togglePopover}
      >
        <UserIcon />
      </button>
      {popoverOpen && (
        <div className="dropdown-menu dropdown-menu-end show profile-popover p-3" role="dialog" aria-label={t('profile')}>
          <div className="fw-semibold">{info?.organizationName ?? role}</div>
          {info && <div className="small text-muted mb-2">{t('partnerNumber', { number: info.partnerNumber })}</div>}
          {isPartner && (
            <div className="mb-2">
              <label htmlFor="company-switcher" className="form-label small text-uppercase text-muted fw-semibold mb-1">
                {t('company')}
              </label>
              {companiesError ? (
                <div className="small text-danger">{failureText(companiesError, t('messages:companyListNetworkFailure'))}</div>
              ) : (
                <select
                  id="company-switcher"
                  className="form-select form-select-sm"
                  value={currentCompany ?? ''}
                  onChange={(e) => switchCompany(Number(e.target.value))}
                >
                  {companyOptions.map((c) => (
                    <option key={c.companyCode} value={c.companyCode}>
                      {c.company}
                    </option>
                  ))}
                </select>
              )}
            </div>
          )}
          {businessList(t('primaryBusiness'), ofCurrentCompany(true))}
          {businessList(t('secondaryBusiness'), ofCurrentCompany(false))}
          <div className="d-grid gap-2 mt-2">
            <Link to={href('changePassword', { origin: 'onboardDashboard' })} className="btn btn-outline-secondary btn-sm">
              {t('changePassword')}
            </Link>
            <button type="button" className="btn btn-danger btn-sm" onClick={() => void logout(href('login'))}>
              {t('logout')}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
