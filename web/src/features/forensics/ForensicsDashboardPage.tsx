import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { FORENSIC_KIND_NAMES } from '@pp/contract';
import { CompanyFilter } from '../../components/ListFilters.tsx';
import { Loading } from '../../components/Loading.tsx';
import { href } from '../../routing/routes.ts';
import { forensicDashboardQuery } from './api.ts';
import { ForensicTrendChart } from './ForensicTrendChart.tsx';

/**
 * /ForensicsDashboard: the numbers more than one partner registered, per kind (each card opens
 * its pairs), per company, and the months they became shared, for the group or one company.
 */
export default function ForensicsDashboardPage() {
  const { t } = useTranslation('staff');
  const [companyCode, setCompanyCode] = useState<number | null>(null);
  const read = useQuery(forensicDashboardQuery(companyCode));
  const { data, isFetching } = read;

  return (
    <section className="container py-4">
      <h1 className="h3 page-title mb-1">{t('forensics.dashboardTitle')}</h1>
      <p className="text-muted">{t('forensics.dashboardLead')}</p>
      <div className="row mb-3">
        <div className="col-md-4">
          <CompanyFilter
            label={t('forensics.company')}
            anyLabel={t('forensics.allCompanies')}
            value={companyCode}
            onChange={setCompanyCode}
          />
        </div>
      </div>
      {!data ? (
        <Loading className="text-muted" of={read} />
      ) : (
        <div className={isFetching ? 'opacity-75' : undefined}>
          <div className="row g-3 mb-4" role="list" aria-label={t('forensics.byKind')}>
            {data.kinds.map((k) => (
              <div className="col-sm-6 col-lg-4" role="listitem" key={k.kind} data-testid={`kind-${k.kind}`}>
                <div className="card h-100 shadow-sm">
                  <div className="card-body">
                    <h2 className="h6 text-muted mb-1">{t(`forensics.kind.${k.kind}`)}</h2>
                    <p className="display-6 mb-1">{k.sharedNumbers}</p>
                    <p className="small mb-2">{t('forensics.sharedNumbers', { count: k.sharedNumbers })}</p>
                    <p className="small text-muted mb-2">
                      {t('forensics.pairsSummary', {
                        count: k.pairs,
                        open: k.pairs - k.genuineGroup - k.duplicate,
                        duplicate: k.duplicate,
                      })}
                    </p>
                    <Link
                      className="btn btn-outline-primary btn-sm"
                      to={href('partnerForensics', {
                        kind: k.kind,
                        ...(companyCode === null ? {} : { companyCode: String(companyCode) }),
                      })}
                      aria-label={t('forensics.seePairsOf', { kind: t(`forensics.kind.${k.kind}`) })}
                    >
                      {t('forensics.seePairs')}
                    </Link>
                  </div>
                </div>
              </div>
            ))}
          </div>

          <div className="card shadow-sm mb-4">
            <div className="card-body">
              <h2 className="h5">{t('forensics.trendTitle')}</h2>
              <ForensicTrendChart trend={data.trend} />
            </div>
          </div>

          <h2 className="h5">{t('forensics.byCompany')}</h2>
          {data.companies.length === 0 ? (
            <p className="text-muted">{t('forensics.noneShared')}</p>
          ) : (
            <div className="table-responsive">
              <table className="table table-sm align-middle bg-white" aria-label={t('forensics.byCompany')}>
                <thead>
                  <tr>
                    <th scope="col">{t('forensics.company')}</th>
                    {FORENSIC_KIND_NAMES.map((kind) => (
                      <th scope="col" className="text-end" key={kind}>
                        {t(`forensics.kind.${kind}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {data.companies.map((c) => (
                    <tr key={c.companyCode}>
                      <th scope="row" translate="no">
                        {c.companyName}
                      </th>
                      {FORENSIC_KIND_NAMES.map((kind) => (
                        <td className="text-end" key={kind}>
                          {c.counts[kind]}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      )}
    </section>
  );
}
