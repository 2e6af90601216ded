import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { WORKFLOW_STATES, hasDesk, type WorkbenchItem } from '@pp/contract';
import { Link, useLocation } from 'react-router-dom';
import type { Column } from '../../components/DataTable.tsx';
import { ServerTable } from '../../components/ServerTable.tsx';
import { usePageNo } from '../../lib/use-page-no.ts';
import { SEARCH_DELAY_MS, useSettled } from '../../lib/use-settled.ts';
import { findRoute, href } from '../../routing/routes.ts';
import { useSession } from '../../session/session.ts';
import { workbenchQuery } from './api.ts';
import { RequestActions } from '../../review/RequestActions.tsx';
import { SearchBox } from '../../components/ListFilters.tsx';
import { dateTimeOf, dayOf } from '../../lib/dates.ts';

const PAGE_SIZE = 20;

/**
 * /Workbench: the requests waiting at the signed-in staff member's desk in the session's company,
 * paged and searched on the server (organisation, partner number, request number), newest first,
 * with the company's open requests counted by state.
 */
export default function WorkbenchPage() {
  const { t } = useTranslation(['staff', 'routes']);
  const { companyCode, role } = useSession();
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const searchTerm = useSettled(search, SEARCH_DELAY_MS);
  const [pageNo, setPageNo] = usePageNo(searchTerm);
  const { data, isFetching } = useQuery(
    workbenchQuery(companyCode === null ? null : { companyCode, searchTerm, pageNo, pageSize: PAGE_SIZE }),
  );
  const page = data?.page;
  // The approval page opens its requests in itself; every other queue opens them on the summary page.
  const { pathname } = useLocation();
  const route = findRoute(pathname)?.key ?? 'workbench';
  const reviewKey = route === 'partnerApproval' ? 'partnerApproval' : 'summaryPage';
  const reviewHref = (requestNumber: string) => href(reviewKey, { requestNumber });

  const columns: Column<WorkbenchItem>[] = [
    { header: t('workbench.requestNumber'), cell: (r) => r.requestNumber, className: 'font-monospace small' },
    { header: t('workbench.organisation'), cell: (r) => r.title },
    { header: t('workbench.state'), cell: (r) => t(`state.${r.state}`) },
    { header: t('workbench.submitted'), cell: (r) => dayOf(r.submittedAt), className: 'small' },
    { header: t('workbench.updated'), cell: (r) => dateTimeOf(r.updatedAt), className: 'small' },
    {
      header: <span className="visually-hidden">{t('actions.open')}</span>,
      cell: (r) => (
        <>
          <Link
            className="btn btn-primary btn-sm me-2"
            to={reviewHref(r.requestNumber)}
            aria-label={`${t('actions.review')} ${r.requestNumber}`}
          >
            {t('actions.review')}
          </Link>
          <button
            type="button"
            className="btn btn-outline-primary btn-sm"
            aria-expanded={open === r.requestNumber}
            aria-label={`${t('actions.open')} ${r.requestNumber}`}
            onClick={() => setOpen(open === r.requestNumber ? null : r.requestNumber)}
          >
            {open === r.requestNumber ? t('actions.close') : t('actions.open')}
          </button>
        </>
      ),
      className: 'text-nowrap',
    },
  ];

  return (
    <section className="container py-4">
      {/* Each desk's page under its own name: Segregator, Categorizer, Workbench, Partner Approval. */}
      <h1 className="h3 page-title mb-1">{t(`routes:title.${route}`)}</h1>
      <p className="text-muted">{t('workbench.lead')}</p>
      {/* The counts say what they count (every kind of request, not the onboarding report's only), to a role with a desk. */}
      {data && role !== null && hasDesk(role) && (
        <div className="mb-3" aria-label={t('workbench.counts')} role="group">
          <p className="small text-muted mb-1">{t('workbench.counts')}</p>
          <div className="d-flex flex-wrap gap-2">
            {WORKFLOW_STATES.filter((s) => data.counts[s]).map((s) => (
              <span key={s} className="badge text-bg-light border" data-testid={`count-${s}`}>
                {t(`state.${s}`)}: {data.counts[s]}
              </span>
            ))}
          </div>
        </div>
      )}
      <div className="mb-3">
        <SearchBox label={t('workbench.search')} value={search} onChange={setSearch} />
      </div>
      <ServerTable
        label={t(`routes:title.${route}`)}
        page={page}
        fetching={isFetching}
        columns={columns}
        rowKey={(request) => request.requestNumber}
        emptyText={searchTerm ? t('workbench.noMatch') : t('workbench.empty')}
        pageNo={pageNo}
        pageSize={PAGE_SIZE}
        totalText={(count) => t('workbench.total', { count })}
        onPage={setPageNo}
        detail={(r) => (open === r.requestNumber ? <RequestActions requestNumber={r.requestNumber} state={r.state} /> : null)}
      />
    </section>
  );
}
