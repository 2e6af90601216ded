import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { WorkflowState, WorkflowStatus } from '@pp/contract';
import { Pager } from '../../components/Pager.tsx';
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

function RequestRow({ request }: { request: WorkflowStatus }) {
  const { t } = useTranslation('partner');
  const [open, setOpen] = useState(false);
  return (
    <>
      <tr>
        <td className="font-monospace">{request.requestNumber}</td>
        <td>{t(`status.flow.${request.flow}`)}</td>
        <td>
          <RequestStateBadge state={request.state} />
          {request.lastRemarks && (request.state === 'SENT_BACK' || request.state === 'REJECTED') && (
            <div className="small mt-1">{request.lastRemarks}</div>
          )}
        </td>
        <td className="text-nowrap">{dateTimeOf(request.submittedAt)}</td>
        <td className="text-nowrap">{dateTimeOf(request.updatedAt)}</td>
        <td className="text-end">
          <button type="button" className="btn btn-link btn-sm p-0" aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? t('status.hideSteps') : t('status.showSteps')}
          </button>
        </td>
      </tr>
      {open && (
        <tr>
          <td colSpan={6} className="bg-light">
            <Steps requestNumber={request.requestNumber} />
          </td>
        </tr>
      )}
    </>
  );
}

/** /partnerStatus: where each of the partner's requests stands (onboarding, re-KYC, add company), with every step. */
export default function PartnerStatusPage() {
  const { t } = useTranslation(['partner', 'routes']);
  const [pageNo, setPageNo] = usePageNo('');
  const { data: page } = useQuery(myRequestsQuery({ pageNo, pageSize: PAGE_SIZE }));
  return (
    <section className="container-fluid py-3">
      <h1 className="h4 page-title mb-1">{t('routes:title.partnerStatus')}</h1>
      <p className="text-muted small">{t('status.lead')}</p>
      {page && page.items.length === 0 ? (
        <p className="text-muted">{t('status.none')}</p>
      ) : (
        <table className="table bg-white small align-middle" aria-label={t('routes:title.partnerStatus')}>
          <thead>
            <tr>
              <th scope="col">{t('status.number')}</th>
              <th scope="col">{t('status.kind')}</th>
              <th scope="col">{t('status.state')}</th>
              <th scope="col">{t('status.submitted')}</th>
              <th scope="col">{t('status.updated')}</th>
              <th scope="col" />
            </tr>
          </thead>
          <tbody>
            {page?.items.map((r) => (
              <RequestRow key={r.requestNumber} request={r} />
            ))}
          </tbody>
        </table>
      )}
      {page && page.total > PAGE_SIZE && (
        <Pager
          pageNo={pageNo}
          pageSize={PAGE_SIZE}
          page={page}
          totalText={(count) => t('status.total', { count })}
          onPage={setPageNo}
        />
      )}
    </section>
  );
}
