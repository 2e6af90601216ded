import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { WorkflowState, WorkflowStatus } from '@pp/contract';
import type { Column } from '../../components/DataTable.tsx';
import { ServerTable } from '../../components/ServerTable.tsx';
import { usePageNo } from '../../lib/use-page-no.ts';
import { myRequestsQuery, requestStepsQuery } from './api.ts';
import { RequestStateBadge } from '../../components/RequestStateBadge.tsx';
import { dateTimeOf } from '../../lib/dates.ts';

const PAGE_SIZE = 20;

/** Every step of one request: what was done, by whom (the group's people by role), when, and the remarks. */
function Steps({ requestNumber }: { requestNumber: string }) {
  const { t } = useTranslation('partner');
  const { data: steps } = useQuery(requestStepsQuery(requestNumber));
  if (!steps) return null;
  return (
    <table className="table table-sm small mb-0" aria-label={t('status.steps', { requestNumber })}>
      <thead>
        <tr>
          <th scope="col">{t('status.when')}</th>
          <th scope="col">{t('status.step')}</th>
          <th scope="col">{t('status.by')}</th>
          <th scope="col">{t('status.remarks')}</th>
        </tr>
      </thead>
      <tbody>
        {steps.map((s, i) => (
          <tr key={i}>
            <td className="text-nowrap">{dateTimeOf(s.createdAt)}</td>
            <td>{t(`requestState.${s.toStatus as WorkflowState}`)}</td>
            <td>{s.actorRole === 'PARTNER' ? t('status.you') : t('status.theGroup')}</td>
            <td>{s.remarks}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** /partnerStatus: where each of the partner's requests stands (onboarding, re-KYC, add company), with every step. */
export default function PartnerStatusPage() {
  const { t } = useTranslation(['partner', 'routes']);
  const [pageNo, setPageNo] = usePageNo('');
  const { data: page, isFetching } = useQuery(myRequestsQuery({ pageNo, pageSize: PAGE_SIZE }));
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (requestNumber: string) =>
    setOpen((was) => {
      const now = new Set(was);
      if (!now.delete(requestNumber)) now.add(requestNumber);
      return now;
    });
  const columns: Column<WorkflowStatus>[] = [
    { header: t('status.number'), cell: (r) => r.requestNumber, className: 'font-monospace' },
    { header: t('status.kind'), cell: (r) => t(`status.flow.${r.flow}`) },
    {
      header: t('status.state'),
      cell: (r) => (
        <>
          <RequestStateBadge state={r.state} />
          {r.lastRemarks && (r.state === 'SENT_BACK' || r.state === 'REJECTED') && (
            <div className="small mt-1">{r.lastRemarks}</div>
          )}
        </>
      ),
    },
    { header: t('status.submitted'), cell: (r) => dateTimeOf(r.submittedAt), className: 'text-nowrap' },
    { header: t('status.updated'), cell: (r) => dateTimeOf(r.updatedAt), className: 'text-nowrap' },
    {
      header: <span className="visually-hidden">{t('status.showSteps')}</span>,
      cell: (r) => (
        <button
          type="button"
          className="btn btn-link btn-sm p-0"
          aria-expanded={open.has(r.requestNumber)}
          onClick={() => toggle(r.requestNumber)}
        >
          {open.has(r.requestNumber) ? t('status.hideSteps') : t('status.showSteps')}
        </button>
      ),
      className: 'text-end',
    },
  ];
  return (
    <section className="container-fluid py-3">
      <h1 className="h4 page-title mb-1">{t('routes:title.partnerStatus')}</h1>
      <p className="text-muted small">{t('status.lead')}</p>
      <ServerTable
        label={t('routes:title.partnerStatus')}
        page={page}
        fetching={isFetching}
        columns={columns}
        rowKey={(request) => request.requestNumber}
        emptyText={t('status.none')}
        pageNo={pageNo}
        pageSize={PAGE_SIZE}
        totalText={(count) => t('status.total', { count })}
        onPage={setPageNo}
        detail={(request) => (open.has(request.requestNumber) ? <Steps requestNumber={request.requestNumber} /> : null)}
      />
    </section>
  );
}
