import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { FormProvider, useWatch } from 'react-hook-form';
import { COMPANY_REQUEST_REASON_MAX, COMPANY_REQUEST_REASON_MIN, addCompanyBodySchema, type CompanyRequest } from '@pp/contract';
import { applyFailure } from '../../forms/failure.ts';
import { FormAlert, TextAreaField } from '../../forms/fields.tsx';
import { SelectField } from '../../forms/select-field.tsx';
import { useContractForm } from '../../forms/use-contract-form.ts';
import { href } from '../../routing/routes.ts';
import { groupCompaniesQuery, businessesQuery } from '../../api/reference.ts';
import { addCompany, companyKeys, companyRequestsQuery, resubmitCompany } from './api.ts';
import { RequestStateBadge } from '../../components/RequestStateBadge.tsx';
import { dateTimeOf } from '../../lib/dates.ts';

/** A new request: the company, one of its businesses, and what the partner offers it. */
function RequestForm() {
  const { t } = useTranslation(['partner', 'common']);
  const client = useQueryClient();
  const form = useContractForm(addCompanyBodySchema, { defaultValues: { categoryCode: '', reason: '' } });
  const companyCode = useWatch({ control: form.control, name: 'companyCode' }) ?? null;
  const [alert, setAlert] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const companies = useQuery(groupCompaniesQuery).data ?? [];
  const businesses = useQuery(businessesQuery(companyCode)).data ?? [];
  const send = useMutation({
    mutationFn: addCompany,
    onMutate: () => {
      setAlert(null);
      setSent(null);
    },
    onSuccess: async (request) => {
      setSent(t('addCompany.sent', { requestNumber: request.requestNumber, company: request.companyName }));
      form.reset();
      await client.invalidateQueries({ queryKey: companyKeys.all });
    },
    onError: (error) => setAlert(applyFailure(form, error)),
  });
  return (
    <FormProvider {...form}>
      <form
        noValidate
        className="card card-body shadow-sm mb-4"
        aria-label={t('addCompany.new')}
        onSubmit={(e) => void form.handleSubmit((body) => send.mutate(body))(e)}
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
            <SelectField
              id="acr-company"
              name="companyCode"
              label={t('addCompany.company')}
              required
              numeric
              placeholder={t('common:select')}
              options={companies.map((c) => ({ value: c.companyCode, label: c.companyName }))}
              // A business belongs to one company: choosing another company asks for its business again.
              onChange={() => form.setValue('categoryCode', '')}
            />
          </div>
          <div className="col-md-6">
            <SelectField
              id="acr-business"
              name="categoryCode"
              label={t('addCompany.business')}
              required
              disabled={companyCode === null}
              placeholder={t('common:select')}
              options={businesses.map((b) => ({ value: b.categoryCode, label: b.categoryName }))}
            />
          </div>
          <div className="col-12">
            <TextAreaField
              id="acr-reason"
              name="reason"
              label={t('addCompany.reason')}
              required
              rows={3}
              maxLength={COMPANY_REQUEST_REASON_MAX}
              hint={t('addCompany.reasonHint', { min: COMPANY_REQUEST_REASON_MIN })}
            />
          </div>
        </div>
        <div className="mt-3 text-end">
          <button type="submit" className="btn btn-primary" disabled={send.isPending}>
            {t('addCompany.send')}
          </button>
        </div>
      </form>
    </FormProvider>
  );
}

/** What a re-submission asks: the reason, reworded to answer the buyer's remarks. */
const resubmitSchema = addCompanyBodySchema.pick({ reason: true });

/** A request the buyer sent back: the remarks to answer, the reason reworded, and re-submit. */
function Resubmit({ request }: { request: CompanyRequest }) {
  const { t } = useTranslation('partner');
  const client = useQueryClient();
  const form = useContractForm(resubmitSchema, { defaultValues: { reason: request.reason } });
  const [alert, setAlert] = useState<string | null>(null);
  const again = useMutation({
    mutationFn: ({ reason }: { reason: string }) => resubmitCompany({ requestNumber: request.requestNumber, reason }),
    onMutate: () => setAlert(null),
    onSuccess: () => client.invalidateQueries({ queryKey: companyKeys.all }),
    onError: (error) => setAlert(applyFailure(form, error)),
  });
  return (
    <FormProvider {...form}>
      <form noValidate className="mt-2" onSubmit={(e) => void form.handleSubmit((values) => again.mutate(values))(e)}>
        <FormAlert message={alert} />
        <TextAreaField
          id={`resubmit-${request.requestNumber}`}
          name="reason"
          label={t('addCompany.answer')}
          required
          rows={2}
          maxLength={COMPANY_REQUEST_REASON_MAX}
        />
        <button type="submit" className="btn btn-sm btn-primary" disabled={again.isPending}>
          {t('addCompany.resubmit')}
        </button>
      </form>
    </FormProvider>
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
              <strong translate="no">{r.companyName}</strong>
              <span className="text-muted">· {r.categoryName}</span>
              <RequestStateBadge state={r.state} className="ms-auto" />
            </div>
            <div className="small text-muted">{t('addCompany.updated', { when: dateTimeOf(r.updatedAt) })}</div>
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
