import { useQuery } from '@tanstack/react-query';
import { Suspense, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Trans, useTranslation } from 'react-i18next';
import { DOMESTIC_COUNTRY_CODE } from '@pp/contract';
import { companiesQuery, partnerInfoQuery } from '../../api/partner.ts';
import { href } from '../../routing/routes.ts';
import { useSession } from '../../session/session.ts';
import { RequestNotice } from './RequestNotice.tsx';
import { currentRequestQuery } from '../../api/workflow.ts';
import { Loading } from '../../components/Loading.tsx';

/** One card of the dashboard grid: a column, a small heading, the content. */
function DashboardCard({ column, title, children }: { column: string; title: string; children: ReactNode }) {
  return (
    <div className={column}>
      <div className="card border-0 shadow-sm h-100">
        <div className="card-body">
          <h2 className="h6 text-uppercase text-muted">{title}</h2>
          {children}
        </div>
      </div>
    </div>
  );
}

/** The onboarding dashboard a partner lands on after login. */
export default function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const { role, userStatus: status, companyName, companyCode, categoryCode } = useSession();
  const isPartner = role === 'PARTNER';
  const infoRead = useQuery({ ...partnerInfoQuery, enabled: isPartner });
  const { data: info, isLoading: infoLoading } = infoRead;
  const { data: companies } = useQuery({ ...companiesQuery, enabled: isPartner });
  // The request's notice sits above the cards: they wait for it, or its arrival pushes them down.
  const noticeRead = useQuery({ ...currentRequestQuery(companyCode, categoryCode), enabled: isPartner });
  const { isLoading: noticeLoading } = noticeRead;
  const isLoading = infoLoading || noticeLoading;

  if (!isPartner) {
    return (
      <section className="container py-4">
        <h1 className="h3 page-title">{t('title')}</h1>
        <p className="text-muted">{t('staffText')}</p>
      </section>
    );
  }

  return (
    <section className="container py-4">
      <div className="d-flex align-items-center mb-4">
        <div>
          <h1 className="h3 page-title mb-1">{t('title')}</h1>
          {info && (
            <p className="text-muted mb-0">
              <Trans
                t={t}
                i18nKey="welcome"
                values={{ name: info.organizationName, number: info.partnerNumber }}
                components={{ 1: <strong /> }}
              />
            </p>
          )}
        </div>
        <span className="badge bg-primary-subtle text-primary-emphasis ms-auto fs-6">
          {t('status', { status: status ?? '—' })}
        </span>
      </div>
      <Suspense fallback={null}>
        <RequestNotice />
      </Suspense>
      {isLoading && <Loading text={t('loading')} of={[infoRead, noticeRead]} />}
      {info && !isLoading && (
        <div className="row g-4">
          <DashboardCard column="col-lg-4" title={t('workingAs')}>
            <p className="mb-1 fw-semibold">{companyName ?? '—'}</p>
            <p className="small text-muted mb-0">
              {t('category', {
                category:
                  info.primaryBusiness.concat(info.secondaryBusiness).find((b) => b.categoryCode === categoryCode)
                    ?.categoryName ??
                  categoryCode ??
                  '—',
              })}
            </p>
          </DashboardCard>
          <DashboardCard column="col-lg-4" title={t('organisation')}>
            <dl className="row small mb-0">
              <dt className="col-5">{t('contact')}</dt>
              <dd className="col-7">{info.coordinationPerson ?? '—'}</dd>
              <dt className="col-5">{t('designation')}</dt>
              <dd className="col-7">{info.designation ?? '—'}</dd>
              <dt className="col-5">{t('email')}</dt>
              <dd className="col-7 text-break">{info.email}</dd>
              <dt className="col-5">{t('country')}</dt>
              <dd className="col-7">
                {t(info.countryDetail.countryCode === DOMESTIC_COUNTRY_CODE ? 'domestic' : 'international', {
                  country: info.countryDetail.countryName,
                })}
              </dd>
            </dl>
          </DashboardCard>
          <DashboardCard column="col-lg-4" title={t('onboardingProfile')}>
            <p className="small">{t('onboardingText')}</p>
            <Link to={href('onboardingDetails')} className="btn btn-primary btn-sm">
              {t('continueOnboarding')}
            </Link>
          </DashboardCard>
          <DashboardCard column="col-12" title={t('companies')}>
            <table className="table table-sm mb-0">
              <thead>
                <tr>
                  <th>{t('company')}</th>
                  <th>{t('businessCategory')}</th>
                  <th>{t('type')}</th>
                </tr>
              </thead>
              <tbody>
                {(companies ?? []).map((c) => (
                  <tr key={`${c.companyCode}-${c.categoryCode}`}>
                    <td>{c.company}</td>
                    <td>{c.categoryName}</td>
                    <td>{t(c.isPrimary ? 'primary' : 'secondary')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </DashboardCard>
        </div>
      )}
    </section>
  );
}
