import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { COMPANY_REQUEST_REASON_MAX, COMPANY_REQUEST_REASON_MIN, type CompanyRequest } from '@pp/contract';
import { failureText } from '../../api/client.ts';
import { FormAlert } from '../../forms/fields.tsx';
import { href } from '../../routing/routes.ts';
import { addCompany, businessesQuery, companyKeys, companyRequestsQuery, groupCompaniesQuery, resubmitCompany } from './api.ts';
import { RequestStateBadge } from '../../components/RequestStateBadge.tsx';

const when = (iso: string) => new Date(iso).toLocaleString();

/** A new request: the company, one of its businesses, and what the partner offers it. */
function RequestForm() {
  const { t } = useTranslation(['partner', 'common']);
  const client = useQueryClient();
  const [companyCode, setCompanyCode] = useState<number | null>(null);
  const [categoryCode, setCategoryCode] = useState('');
  const [reason, setReason] = useState('');
  const [alert, setAlert] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const companies = useQuery(groupCompaniesQuery).data ?? [];
  const businesses = useQuery(businessesQuery(companyCode)).data ?? [];
  const send = useMutation({
    mutationFn: () => addCompany({ companyCode: companyCode!, categoryCode, reason: reason.trim() }),
    onMutate: () => {
      setAlert(null);
      setSent(null);
    },
    onSuccess: async (request) => {
      setSent(t('addCompany.sent', { requestNumber: request.requestNumber, company: request.companyName }));
      setCompanyCode(null);
      setCategoryCode('');
      setReason('');
      await client.invalidateQueries({ queryKey: companyKeys.all });
    },
    onError: (error) => setAlert(failureText(error)),
  });
  const ready = companyCode !== null && categoryCode !== '' && reason.trim().length >= COMPANY_REQUEST_REASON_MIN;
  return (
    <form
      className="card card-body shadow-sm mb-4"
      aria-label={t('addCompany.new')}
      onSubmit={(e) => {
        e.preventDefault();
        send.mutate();
      }}
    >
      <h2 className="h5">{t('addCompany.new')}</h2>
      <FormAlert message={alert} />
      {sent && (
        <div className="alert alert-success py-2" role="status">
          {sent}
        </div>
      )}
      <div className="row g-3">
        <div className="col-md-6">
          <label htmlFor="acr-company" className="form-label required">
            {t('addCompany.company')}
          </label>
          <select
            id="acr-company"
            className="form-select"
            value={companyCode ?? ''}
            onChange={(e) => {
              setCompanyCode(e.target.value ? Number(e.target.value) : null);
              setCategoryCode('');
            }}
          >
            <option value="">{t('common:select')}</option>
            {companies.map((c) => (
              <option key={c.companyCode} value={c.companyCode}>
                {c.companyName}
              </option>
            ))}
          </select>
        </div>
        <div className="col-md-6">
          <label htmlFor="acr-business" className="form-label required">
            {t('addCompany.business')}
          </label>
          <select
            id="acr-business"
            className="form-select"
            value={categoryCode}
            disabled={companyCode === null}
            onChange={(e) => setCategoryCode(e.target.value)}
          >
            <option value="">{t('common:select')}</option>
            {businesses.map((b) => (
              <option key={b.categoryCode} value={b.categoryCode}>
                {b.categoryName}
              </option>
            ))}
          </select>
        </div>
        <div className="col-12">
          <label htmlFor="acr-reason" className="form-label required">
            {t('addCompany.reason')}
          </label>
          <textarea
            id="acr-reason"
            className="form-control"
            rows={3}
            maxLength={COMPANY_REQUEST_REASON_MAX}
            value={reason}
            aria-describedby="acr-reason-hint"
            onChange={(e) => setReason(e.target.value)}
          />
          <div id="acr-reason-hint" className="form-text">
            {t('addCompany.reasonHint', { min: COMPANY_REQUEST_REASON_MIN })}
          </div>
        </div>
      </div>
      <div className="mt-3 text-end">
        <button type="submit" className="btn btn-primary" disabled={!ready || send.isPending}>
          {t('addCompany.send')}
        </button>
      </div>
    </form>
  );
}

/** A request the buyer sent back: the remarks to answer, the reason reworded, and re-submit. */
function Resubmit({ request }: { request: CompanyRequest }) {
  const { t } = useTranslation('partner');
  const client = useQueryClient();
  const [reason, setReason] = useState(request.reason);
  const [alert, setAlert] = useState<string | null>(null);
  const again = useMutation({
    mutationFn: () => resubmitCompany({ requestNumber: request.requestNumber, reason: reason.trim() }),
    onMutate: () => setAlert(null),
    onSuccess: () => client.invalidateQueries({ queryKey: companyKeys.all }),
    onError: (error) => setAlert(failureText(error)),
  });
  const id = `resubmit-${request.requestNumber}`;
  return (
    <div className="mt-2">
      <FormAlert message={alert} />
      <label htmlFor={id} className="form-label small">
        {t('addCompany.answer')}
      </label>
      <textarea
        id={id}
        className="form-control form-control-sm mb-2"
        rows={2}
        maxLength={COMPANY_REQUEST_REASON_MAX}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
      <button
        type="button"
        className="btn btn-sm btn-primary"
        disabled={again.isPending || reason.trim().length < COMPANY_REQUEST_REASON_MIN}
        onClick={() => again.mutate()}
      >
        {t('addCompany.resubmit')}
      </button>
    </div>
  );
}

/**
 * /addcompany (Add New Company): ask to work with another group company in one of its businesses;
 * the requests so far with where each stands, the buyer's remarks, and re-submit when sent back.
 */
export default function AddCompanyPage() {
  const { t } = useTranslation(['partner', 'routes']);
  const { data: requests } = useQuery(companyRequestsQuery);
  return (
    <section className="container-fluid py-3">
      <h1 className="h4 page-title mb-1">{t('routes:title.addCompany')}</h1>
      <p className="text-muted small">{t('addCompany.lead')}</p>
      <RequestForm />
      <div className="d-flex align-items-baseline">
        <h2 className="h5">{t('addCompany.requests')}</h2>
        <Link to={href('partnerStatus')} className="ms-auto small">
          {t('addCompany.allRequests')}
        </Link>
      </div>
      {requests && requests.length === 0 && <p className="text-muted small">{t('addCompany.none')}</p>}
      {requests?.map((r) => (
        <article key={r.requestNumber} className="card shadow-sm mb-2" aria-label={r.requestNumber}>
          <div className="card-body py-2">
            <div className="d-flex flex-wrap align-items-center gap-2">
              <span className="font-monospace small">{r.requestNumber}</span>
              <strong>{r.companyName}</strong>
              <span className="text-muted">· {r.categoryName}</span>
              <RequestStateBadge state={r.state} className="ms-auto" />
            </div>
            <div className="small text-muted">{t('addCompany.updated', { when: when(r.updatedAt) })}</div>
            {r.lastRemarks && (r.state === 'SENT_BACK' || r.state === 'REJECTED') && (
              <div className="small mt-1">
                <strong>{t('addCompany.remarks')}</strong> {r.lastRemarks}
              </div>
            )}
            {r.state === 'SENT_BACK' && <Resubmit request={r} />}
          </div>
        </article>
      ))}
    </section>
  );
}
