import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { DOMESTIC_COUNTRY_CODE } from '@pp/contract';
import { useCompanies, usePartnerInfo } from '../../api/partner.ts';
import { useSession } from '../../session/session.ts';

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
  const { role, userStatus: status, companyName, categoryCode } = useSession();
  const isPartner = role === 'PARTNER';
  const { data: info, isLoading } = usePartnerInfo(isPartner);
  const { data: companies } = useCompanies(isPartner);

  if (!isPartner) {
    return (
      <section className="container py-4">
        <h1 className="h3 page-title">Onboarding Dashboard</h1>
        <p className="text-muted">
          You are signed in with a staff account. Staff pages are reached from the group's internal systems.
        </p>
      </section>
    );
  }

  return (
    <section className="container py-4">
      <div className="d-flex align-items-center mb-4">
        <div>
          <h1 className="h3 page-title mb-1">Onboarding Dashboard</h1>
          {info && (
            <p className="text-muted mb-0">
              Welcome, <strong>{info.organizationName}</strong> · Partner number {info.partnerNumber}
            </p>
          )}
        </div>
        <span className="badge bg-primary-subtle text-primary-emphasis ms-auto fs-6">Status: {status ?? '—'}</span>
      </div>
      {isLoading && <p className="text-muted">Loading your details…</p>}
      {info && (
        <div className="row g-4">
          <DashboardCard column="col-lg-4" title="Working as">
            <p className="mb-1 fw-semibold">{companyName ?? '—'}</p>
            <p className="small text-muted mb-0">
              Category{' '}
              {info.primaryBusiness.concat(info.secondaryBusiness).find((b) => b.categoryCode === categoryCode)?.categoryName ??
                categoryCode}
            </p>
          </DashboardCard>
          <DashboardCard column="col-lg-4" title="Organisation">
            <dl className="row small mb-0">
              <dt className="col-5">Contact</dt>
              <dd className="col-7">{info.coordinationPerson ?? '—'}</dd>
              <dt className="col-5">Designation</dt>
              <dd className="col-7">{info.designation ?? '—'}</dd>
              <dt className="col-5">E-mail</dt>
              <dd className="col-7 text-break">{info.email}</dd>
              <dt className="col-5">Country</dt>
              <dd className="col-7">
                {info.countryDetail.countryName} (
                {info.countryDetail.countryCode === DOMESTIC_COUNTRY_CODE ? 'domestic' : 'international'})
              </dd>
            </dl>
          </DashboardCard>
          <DashboardCard column="col-lg-4" title="Onboarding profile">
            <p className="small">
              Complete general, organisation, bank, financial and statutory details, then submit them for approval.
            </p>
            <Link to="/onboardingDetails" className="btn btn-primary btn-sm">
              Continue onboarding
            </Link>
          </DashboardCard>
          <DashboardCard column="col-12" title="Your companies and business categories">
            <table className="table table-sm mb-0">
              <thead>
                <tr>
                  <th>Company</th>
                  <th>Business category</th>
                  <th>Type</th>
                </tr>
              </thead>
              <tbody>
                {(companies ?? []).map((c) => (
                  <tr key={`${c.companyCode}-${c.categoryCode}`}>
                    <td>{c.company}</td>
                    <td>{c.categoryName}</td>
                    <td>{c.isPrimary ? 'Primary' : 'Secondary'}</td>
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
