import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router-dom';
import {
  GRIEVANCE_DEADLINE_FILTERS,
  GRIEVANCE_REASONS,
  GRIEVANCE_STATES,
  type GrievanceReason,
  type GrievanceScope,
  type GrievanceState,
} from '@pp/contract';
import { Card } from '../../components/Card.tsx';
import { CompanyFilter, FilterSelect, SearchBox } from '../../components/ListFilters.tsx';
import { Loading } from '../../components/Loading.tsx';
import { ServerTable } from '../../components/ServerTable.tsx';
import { usePageNo } from '../../lib/use-page-no.ts';
import { SEARCH_DELAY_MS, useSettled } from '../../lib/use-settled.ts';
import { findRoute } from '../../routing/routes.ts';
import { grievanceMetricsQuery, staffGrievanceListQuery } from './api.ts';
import { GrievanceAgeingChart, GrievanceTrendChart } from './GrievanceCharts.tsx';
import { GrievanceView } from './GrievanceView.tsx';
import { DueBadge, StateBadge } from './shared.tsx';
import { dayOf } from '../../lib/dates.ts';
import { BreakdownTable, type Deadline, Figures } from './DashboardFigures.tsx';

const PAGE_SIZE = 20;

const STAFF_STATES = GRIEVANCE_STATES.filter((s) => s !== 'DRAFT');

/**
 * /GrievanceDashboard (India's partners) and /GrievanceInternational (the rest of the world's):
 * the grievances counted by state, age and deadline, per reason and company, the monthly trend,
 * then the list (paged and searched on the server) and one grievance with its documents, history
 * and the staff steps the lifecycle allows. The open grievance is in the address (?grievance=).
 */
export default function GrievanceDashboardPage() {
  const { t } = useTranslation(['staff', 'partner']);
  const location = useLocation();
  const scope: GrievanceScope = findRoute(location.pathname)?.key === 'grievanceInternational' ? 'international' : 'domestic';
  const [params, setParams] = useSearchParams();
  const open = params.get('grievance');
  const [companyCode, setCompanyCode] = useState<number | null>(null);
  const [state, setState] = useState<GrievanceState | ''>('');
  const [reasonCode, setReasonCode] = useState<GrievanceReason | ''>('');
  const [deadline, setDeadline] = useState<Deadline | ''>('');
  const [search, setSearch] = useState('');
  const searchTerm = useSettled(search, SEARCH_DELAY_MS);
  const [pageNo, setPageNo] = usePageNo(`${scope}|${companyCode}|${state}|${reasonCode}|${deadline}|${searchTerm}`);
  const metrics = useQuery({ ...grievanceMetricsQuery(scope, companyCode), enabled: !open });
  const { data: page, isFetching } = useQuery({
    ...staffGrievanceListQuery({
      scope,
      pageNo,
      pageSize: PAGE_SIZE,
      ...(companyCode === null ? {} : { companyCode }),
      ...(state ? { state } : {}),
      ...(reasonCode ? { reasonCode } : {}),
      ...(deadline ? { deadline } : {}),
      ...(searchTerm.trim() ? { searchTerm: searchTerm.trim() } : {}),
    }),
    enabled: !open,
  });
  const show = (grievanceNumber: string | null) => setParams(grievanceNumber ? { grievance: grievanceNumber } : {});
  const title = t(`grievances.title.${scope}`);

  if (open)
    return (
      <section className="container py-4">
        <h1 className="h3 page-title mb-3">{title}</h1>
        <GrievanceView grievanceNumber={open} audience="staff" onBack={() => show(null)} />
      </section>
    );

  const m = metrics.data;
  return (
    <section className="container py-4">
      <h1 className="h3 page-title mb-1">{title}</h1>
      <p className="text-muted">{t(`grievances.lead.${scope}`)}</p>
      <div className="row mb-3">
        <div className="col-md-4">
          <CompanyFilter
            label={t('grievances.company')}
            anyLabel={t('grievances.allCompanies')}
            value={companyCode}
            onChange={setCompanyCode}
          />
        </div>
      </div>
      {!m ? (
        <Loading className="text-muted" of={metrics} />
      ) : (
        <div className={metrics.isFetching ? 'opacity-75' : undefined}>
          <Figures metrics={m} onDeadline={setDeadline} />
          <div className="row g-3 mb-3">
            <div className="col-lg-6">
              <Card id="grievance-trend" title={t('grievances.trendTitle')} className="card h-100 shadow-sm">
                <GrievanceTrendChart trend={m.trend} />
              </Card>
            </div>
            <div className="col-lg-6">
              <Card id="grievance-ageing" title={t('grievances.ageingTitle')} className="card h-100 shadow-sm">
                <GrievanceAgeingChart ageing={m.ageing} />
              </Card>
            </div>
          </div>
          <div className="row g-3 mb-3">
            <div className="col-lg-7">
              <Card id="grievance-reasons" title={t('grievances.byReason')} className="card h-100 shadow-sm">
                <BreakdownTable
                  label={t('grievances.reason')}
                  withAverage
                  rows={m.reasons.map((r) => ({
                    ...r,
                    key: r.reasonCode,
                    name: t(`partner:grievance.reason.${r.reasonCode}`),
                    average: r.averageDaysToSettle,
                  }))}
                />
              </Card>
            </div>
            <div className="col-lg-5">
              <Card id="grievance-companies" title={t('grievances.byCompany')} className="card h-100 shadow-sm">
                {m.companies.length === 0 ? (
                  <p className="text-muted mb-0">{t('grievances.none')}</p>
                ) : (
                  <BreakdownTable
                    label={t('grievances.company')}
                    namesTranslated={false}
                    rows={m.companies.map((c) => ({ ...c, key: String(c.companyCode), name: c.companyName }))}
                  />
                )}
              </Card>
            </div>
          </div>
        </div>
      )}

      <Card id="grievance-list" title={t('grievances.listTitle')}>
        <div className="row g-2 mb-3">
          <div className="col-md-3">
            <FilterSelect
              label={t('grievances.state')}
              anyLabel={t('grievances.anyState')}
              value={state}
              options={STAFF_STATES}
              optionLabel={(s) => t(`partner:grievance.state.${s}`)}
              onChange={setState}
            />
          </div>
          <div className="col-md-3">
            <FilterSelect
              label={t('grievances.reason')}
              anyLabel={t('grievances.anyReason')}
              value={reasonCode}
              options={GRIEVANCE_REASONS}
              optionLabel={(r) => t(`partner:grievance.reason.${r}`)}
              onChange={setReasonCode}
            />
          </div>
          <div className="col-md-2">
            <FilterSelect
              label={t('grievances.deadline')}
              anyLabel={t('grievances.anyDeadline')}
              value={deadline}
              options={GRIEVANCE_DEADLINE_FILTERS}
              optionLabel={(d) => t(`grievances.deadlineFilter.${d}`)}
              onChange={setDeadline}
            />
          </div>
          <div className="col-md-4">
            <SearchBox label={t('grievances.search')} value={search} onChange={setSearch} />
          </div>
        </div>
        <ServerTable
          label={t('grievances.listTitle')}
          page={page}
          fetching={isFetching}
          rowKey={(g) => g.grievanceNumber}
          emptyText={t('grievances.noMatch')}
          columns={[
            {
              header: t('grievances.number'),
              cell: (g) => (
                <button type="button" className="btn btn-link btn-sm p-0 font-monospace" onClick={() => show(g.grievanceNumber)}>
                  {g.grievanceNumber}
                </button>
              ),
            },
            { header: t('grievances.raisedBy'), cell: (g) => g.raisedBy, userContent: true },
            { header: t('grievances.subject'), cell: (g) => g.subject, userContent: true },
            { header: t('grievances.reason'), cell: (g) => t(`partner:grievance.reason.${g.reasonCode}`) },
            { header: t('grievances.state'), cell: (g) => <StateBadge state={g.state} /> },
            {
              header: t('grievances.submittedOn'),
              cell: (g) => (g.submittedAt ? dayOf(g.submittedAt) : '—'),
              className: 'text-nowrap',
            },
            {
              header: t('grievances.deadline'),
              cell: (g) => (g.answeredAt ? '—' : <DueBadge dueAt={g.dueAt} overdue={g.overdue} />),
            },
          ]}
          pageNo={pageNo}
          pageSize={PAGE_SIZE}
          totalText={(count) => t('grievances.total', { count })}
          onPage={setPageNo}
        />
      </Card>
    </section>
  );
}
