import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { GRIEVANCE_STATES, type GrievanceItem, type GrievanceState } from '@pp/contract';
import type { Column } from '../../components/DataTable.tsx';
import { ServerTable } from '../../components/ServerTable.tsx';
import { usePageNo } from '../../lib/use-page-no.ts';
import { SEARCH_DELAY_MS, useSettled } from '../../lib/use-settled.ts';
import { grievanceListQuery, grievanceQuery } from './api.ts';
import { FilterSelect, SearchBox } from '../../components/ListFilters.tsx';
import { DraftEditor } from './DraftEditor.tsx';
import { GrievanceView } from './GrievanceView.tsx';
import { StateBadge } from './shared.tsx';
import { dateTimeOf } from '../../lib/dates.ts';

const PAGE_SIZE = 20;

/**
 * /claimrequest (Grievance Request): the partner's grievances, paged and searched on the server;
 * a new one or a draft in the editor; one grievance with its documents, its history and the steps
 * the lifecycle allows now (docs/grievances.md). Which view shows is in the address (?grievance=, ?new).
 */
export default function ClaimRequestPage() {
  const { t } = useTranslation(['partner', 'routes']);
  const [params, setParams] = useSearchParams();
  const open = params.get('grievance');
  const editing = params.has('edit') || params.has('new');
  const [search, setSearch] = useState('');
  const [state, setState] = useState<GrievanceState | ''>('');
  const searchTerm = useSettled(search, SEARCH_DELAY_MS);
  const [pageNo, setPageNo] = usePageNo(`${searchTerm}|${state}`);
  const { data: page, isFetching } = useQuery(
    grievanceListQuery({ pageNo, pageSize: PAGE_SIZE, ...(searchTerm ? { searchTerm } : {}), ...(state ? { state } : {}) }),
  );
  const draft = useQuery({ ...grievanceQuery(open ?? ''), enabled: Boolean(open) && editing }).data;
  const show = (grievanceNumber: string | null, edit = false) =>
    setParams(grievanceNumber ? { grievance: grievanceNumber, ...(edit ? { edit: '1' } : {}) } : {});

  const columns: Column<GrievanceItem>[] = [
    {
      header: t('grievance.number'),
      cell: (g) => (
        <button type="button" className="btn btn-link btn-sm p-0 font-monospace" onClick={() => show(g.grievanceNumber)}>
          {g.grievanceNumber}
        </button>
      ),
    },
    { header: t('grievance.subject'), cell: (g) => g.subject, userContent: true },
    { header: t('grievance.reason'), cell: (g) => t(`grievance.reason.${g.reasonCode}`) },
    { header: t('grievance.stateFilter'), cell: (g) => <StateBadge state={g.state} /> },
    { header: t('grievance.updated'), cell: (g) => dateTimeOf(g.updatedAt), className: 'text-nowrap' },
  ];

  let body;
  if (editing && (!open || draft)) body = <DraftEditor key={open ?? 'new'} draft={draft ?? null} onDone={(n) => show(n)} />;
  else if (open) body = <GrievanceView grievanceNumber={open} onBack={() => show(null)} onEdit={() => show(open, true)} />;
  else
    body = (
      <>
        <div className="row g-2 mb-3">
          <div className="col-12 col-md-6">
            <SearchBox label={t('grievance.search')} value={search} onChange={setSearch} />
          </div>
          <div className="col-6 col-md-3">
            <FilterSelect
              label={t('grievance.stateFilter')}
              anyLabel={t('grievance.anyState')}
              value={state}
              options={GRIEVANCE_STATES}
              optionLabel={(s) => t(`grievance.state.${s}`)}
              onChange={setState}
            />
          </div>
          <div className="col-6 col-md-3 text-end">
            <button type="button" className="btn btn-primary" onClick={() => setParams({ new: '1' })}>
              {t('grievance.raise')}
            </button>
          </div>
        </div>
        <ServerTable
          label={t('routes:title.claimRequest')}
          page={page}
          fetching={isFetching}
          columns={columns}
          rowKey={(g) => g.grievanceNumber}
          emptyText={searchTerm || state ? t('grievance.noMatch') : t('grievance.empty')}
          pageNo={pageNo}
          pageSize={PAGE_SIZE}
          totalText={(count) => t('grievance.total', { count })}
          onPage={setPageNo}
        />
      </>
    );

  return (
    <section className="container-fluid py-3">
      <h1 className="h4 page-title mb-1">{t('routes:title.claimRequest')}</h1>
      <p className="text-muted small">{t('grievance.lead')}</p>
      {body}
    </section>
  );
}
