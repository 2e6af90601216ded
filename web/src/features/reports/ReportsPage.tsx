import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { REPORT_FORMATS, REPORT_KINDS, REPORTS, type ReportFormat, type ReportKind } from '@pp/contract';
import { failureText } from '../../api/client.ts';
import { businessesQuery } from '../../api/reference.ts';
import { Card } from '../../components/Card.tsx';
import { CompanyFilter, FilterSelect } from '../../components/ListFilters.tsx';
import { Loading } from '../../components/Loading.tsx';
import { monthLabel } from '../../lib/months.ts';
import { showAlert } from '../../lib/ui-state.ts';
import { downloadReport, reportViewQuery, type ReportFilters } from './api.ts';
import { ReportChart } from './ReportChart.tsx';
import { dateTimeOf } from '../../lib/dates.ts';

const kindOf = (value: string | null): ReportKind => REPORT_KINDS.find((k) => k === value) ?? REPORT_KINDS[0];
const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T/;

/** The words a report's codes are shown in: states, desks, months, sources, admin actions. */
function useCodeNames(kind: ReportKind) {
  const { t, i18n } = useTranslation(['staff', 'partner', 'common']);
  return (code: string): string => {
    switch (kind) {
      case 'onboarding':
      case 'approvals':
        return t(`staff:role.${code}` as 'staff:role.BUYER', { defaultValue: code });
      case 'grievances':
        return t(`partner:grievance.state.${code}` as 'partner:grievance.state.DRAFT', { defaultValue: code });
      case 'queries':
        return t(`common:partnerQuery.state.${code}` as 'common:partnerQuery.state.OPEN', { defaultValue: code });
      case 'rfqs':
        return monthLabel(code, i18n.language);
      case 'audit':
        return t(`staff:admin.action.${code}` as 'staff:admin.action.changeStatus', { defaultValue: code });
    }
  };
}

/** A state of a report's own kind in words (the filter's options and the state column). */
function useStateNames(kind: ReportKind) {
  const { t } = useTranslation(['staff', 'partner', 'common']);
  return (state: string): string =>
    kind === 'grievances'
      ? t(`partner:grievance.state.${state}` as 'partner:grievance.state.DRAFT', { defaultValue: state })
      : kind === 'queries'
        ? t(`common:partnerQuery.state.${state}` as 'common:partnerQuery.state.OPEN', { defaultValue: state })
        : t(`staff:state.${state}` as 'staff:state.APPROVED', { defaultValue: state });
}

/** Columns that hold a code, and the words each code is shown in on the page (the file keeps the codes). */
function useColumnNames(kind: ReportKind) {
  const { t } = useTranslation(['staff', 'partner']);
  const stateName = useStateNames(kind);
  const workflowState = (code: string) => t(`staff:state.${code}` as 'staff:state.APPROVED', { defaultValue: code });
  const names: Record<string, (code: string) => string> = {
    state: stateName,
    fromState: workflowState,
    toState: workflowState,
    desk: (code) => t(`staff:role.${code}` as 'staff:role.BUYER', { defaultValue: code }),
    role: (code) => t(`staff:role.${code}` as 'staff:role.BUYER', { defaultValue: code }),
    reason: (code) => t(`partner:grievance.reason.${code}` as 'partner:grievance.reason.OTHER', { defaultValue: code }),
    source: (code) => t(`staff:queries.sourceName.${code}` as 'staff:queries.sourceName.CHATBOT', { defaultValue: code }),
  };
  if (kind === 'approvals') names.action = (code) => t(`staff:action.${code}` as 'staff:action.APPROVE', { defaultValue: code });
  if (kind === 'audit')
    names.action = (code) => t(`staff:admin.action.${code}` as 'staff:admin.action.changeStatus', { defaultValue: code });
  return names;
}

/**
 * /Reports (reportsAdmin): the catalogue of reports; the one chosen (in the address, ?report=)
 * filtered by what it takes (company, business, state, dates), shown as its chart and first rows,
 * and downloaded whole as XLSX or CSV, which the server streams.
 */
export default function ReportsPage() {
  const { t, i18n } = useTranslation(['staff', 'common']);
  const [params, setParams] = useSearchParams();
  const kind = kindOf(params.get('report'));
  const definition = REPORTS[kind];
  const [filters, setFilters] = useState<ReportFilters>({});
  const [downloading, setDownloading] = useState<ReportFormat | null>(null);
  const active: ReportFilters = Object.fromEntries(
    Object.entries(filters).filter(([name]) =>
      definition.filters.includes(name === 'from' || name === 'to' ? 'dates' : (name as 'state')),
    ),
  );
  // Dates go as a pair or not at all (the contract's rule): half a range is not sent.
  const query: ReportFilters = active.from && active.to ? active : { ...active, from: undefined, to: undefined };
  // While another report loads, the last one's view stays on screen with its own columns.
  const viewRead = useQuery(reportViewQuery(kind, query));
  const { data: view, isFetching } = viewRead;
  const companyCode = filters.companyCode ? Number(filters.companyCode) : null;
  const businesses = useQuery(businessesQuery(companyCode)).data ?? [];
  const codeName = useCodeNames(kind);
  const stateName = useStateNames(kind);
  const columnNames = useColumnNames(kind);
  const set = (name: keyof ReportFilters, value: string | undefined) =>
    setFilters((f) => ({ ...f, [name]: value, ...(name === 'companyCode' ? { businessCode: undefined } : {}) }));
  const heading = (c: (typeof definition.columns)[number]) => (i18n.language === 'hi' ? c.hi : c.en);
  const shown = (cell: string | number | boolean | null, column: string) =>
    cell === null
      ? '—'
      : typeof cell === 'boolean'
        ? t(cell ? 'reports.yes' : 'reports.no')
        : typeof cell === 'string' && ISO_MOMENT.test(cell)
          ? dateTimeOf(cell)
          : typeof cell === 'string' && columnNames[column]
            ? columnNames[column](cell)
            : String(cell);
  // What a person entered or named (partners, titles, e-mails) is not the page's language.
  const userContent = (cell: string | number | boolean | null, column: string) =>
    typeof cell === 'string' && !ISO_MOMENT.test(cell) && !columnNames[column];
  const download = async (format: ReportFormat) => {
    setDownloading(format);
    try {
      await downloadReport(kind, format, query);
    } catch (e) {
      void showAlert(failureText(e));
    } finally {
      setDownloading(null);
    }
  };

  return (
    <section className="container py-4">
      <h1 className="h3 page-title mb-1">{t('reports.title')}</h1>
      <p className="text-muted">{t('reports.lead')}</p>
      <div className="row g-3">
        <nav className="col-lg-3" aria-label={t('reports.catalogue')}>
          <div className="list-group">
            {REPORT_KINDS.map((k) => (
              <button
                type="button"
                key={k}
                className={`list-group-item list-group-item-action${k === kind ? ' active' : ''}`}
                aria-current={k === kind ? 'page' : undefined}
                onClick={() => setParams({ report: k })}
              >
                <div className="fw-semibold">{t(`reports.name.${k}`)}</div>
                <div className="small">{t(`reports.about.${k}`)}</div>
              </button>
            ))}
          </div>
        </nav>
        <div className="col-lg-9">
          <Card id="report-filters" title={t('reports.filters')}>
            <div className="row g-2 align-items-end">
              {definition.filters.includes('companyCode') && (
                <div className="col-sm-6 col-xl-4">
                  <CompanyFilter
                    label={t('reports.company')}
                    anyLabel={t('reports.allCompanies')}
                    value={companyCode}
                    onChange={(code) => set('companyCode', code === null ? undefined : String(code))}
                  />
                </div>
              )}
              {definition.filters.includes('businessCode') && (
                <div className="col-sm-6 col-xl-4">
                  <FilterSelect
                    label={t('reports.business')}
                    anyLabel={companyCode === null ? t('reports.chooseCompanyFirst') : t('reports.allBusinesses')}
                    value={filters.businessCode ?? ''}
                    options={businesses.map((b) => b.categoryCode)}
                    optionLabel={(code) => businesses.find((b) => b.categoryCode === code)?.categoryName ?? code}
                    onChange={(code) => set('businessCode', code || undefined)}
                  />
                </div>
              )}
              {definition.filters.includes('state') && (
                <div className="col-sm-6 col-xl-4">
                  <FilterSelect
                    label={t('reports.state')}
                    anyLabel={t('reports.anyState')}
                    value={filters.state ?? ''}
                    options={definition.states}
                    optionLabel={stateName}
                    onChange={(state) => set('state', state || undefined)}
                  />
                </div>
              )}
              {definition.filters.includes('dates') && (
                <>
                  <div className="col-sm-6 col-xl-4">
                    <label htmlFor="report-from" className="form-label small mb-1">
                      {t('reports.from', { column: heading(definition.columns.find((c) => c.key === definition.dated)!) })}
                    </label>
                    <input
                      id="report-from"
                      type="date"
                      className="form-control"
                      value={filters.from ?? ''}
                      onChange={(e) => set('from', e.target.value || undefined)}
                    />
                  </div>
                  <div className="col-sm-6 col-xl-4">
                    <label htmlFor="report-to" className="form-label small mb-1">
                      {t('reports.to')}
                    </label>
                    <input
                      id="report-to"
                      type="date"
                      className="form-control"
                      value={filters.to ?? ''}
                      onChange={(e) => set('to', e.target.value || undefined)}
                    />
                  </div>
                </>
              )}
            </div>
          </Card>

          <Card id="report-view" title={t(`reports.name.${kind}`)}>
            {!view ? (
              <Loading className="text-muted" of={viewRead} />
            ) : (
              <div className={isFetching ? 'opacity-75' : undefined}>
                <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
                  <span className="me-auto" role="status">
                    {t('reports.total', { count: view.total })}
                  </span>
                  {REPORT_FORMATS.map((format) => (
                    <button
                      key={format}
                      type="button"
                      className="btn btn-outline-primary btn-sm"
                      disabled={downloading !== null || view.total === 0}
                      onClick={() => void download(format)}
                    >
                      {downloading === format ? t('reports.downloading') : t(`reports.download.${format}`)}
                    </button>
                  ))}
                </div>
                {view.chart.labels.length > 0 && (
                  <ReportChart
                    chart={view.chart}
                    title={t(`reports.chart.${kind}`)}
                    labelOf={codeName}
                    seriesName={(key) => t(`reports.series.${key}` as 'reports.series.steps', { defaultValue: key })}
                    stacked={kind === 'onboarding' || kind === 'grievances' || kind === 'queries'}
                  />
                )}
                <h3 className="h6 mt-3">{t('reports.preview', { count: view.preview.length })}</h3>
                <div className="table-responsive">
                  <table
                    className="table table-sm small bg-white"
                    aria-label={t('reports.previewOf', { name: t(`reports.name.${kind}`) })}
                  >
                    <thead>
                      <tr>
                        {REPORTS[view.report].columns.map((c) => (
                          <th scope="col" key={c.key}>
                            {heading(c)}
                          </th>
                        ))}
                      </tr>
                    </thead>
                    <tbody>
                      {view.preview.map((row, i) => (
                        <tr key={i}>
                          {row.map((cell, j) => {
                            const column = REPORTS[view.report].columns[j]!.key;
                            return (
                              <td key={j} data-user-content={userContent(cell, column) || undefined}>
                                {shown(cell, column)}
                              </td>
                            );
                          })}
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </div>
            )}
          </Card>
        </div>
      </div>
    </section>
  );
}
