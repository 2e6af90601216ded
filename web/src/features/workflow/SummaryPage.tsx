import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { REQUEST_NUMBER_PATTERN, REVIEW_ANY_REQUEST, hasPermission } from '@pp/contract';
import { Card } from '../../components/Card.tsx';
import { FileLink } from '../../components/FileLink.tsx';
import { FormAlert } from '../../forms/fields.tsx';
import { useSession } from '../../session/session.ts';
import { reviewQueries } from '../../review/review-api.ts';
import { requestStatusQuery } from '../../review/requests-api.ts';
import { AdminActions, adminChoicesOf } from '../../review/AdminActions.tsx';
import { RequestActions } from '../../review/RequestActions.tsx';
import WorkbenchPage from './WorkbenchPage.tsx';
import {
  FINANCIAL_PART_NAMES,
  Fields,
  ProfileContext,
  Rows,
  documentKindsOf,
  useLabel,
  type Files,
  type Value,
} from '../../review/profile-values.tsx';
import { History, StatutoryChecks } from '../../review/request-parts.tsx';
import { CompanyRequestSummary, CustomerSummary } from './summary/OtherRequests.tsx';
import { Loading } from '../../components/Loading.tsx';

/**
 * /summarypage and /partnerApprovalPage: one submitted profile read-only, every part with its
 * documents (downloaded by permission on the server), the statutory look-ups, the history, and
 * the actions the role may take with their remarks. Without a request number: the queue to pick from.
 */
export default function SummaryPage() {
  const { t } = useTranslation(['staff', 'onboardingLabels']);
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const { role } = useSession();
  const label = useLabel();
  const requestNumber = params.get('requestNumber')?.trim().toUpperCase() ?? '';
  const asAdmin = role !== null && hasPermission(role, REVIEW_ANY_REQUEST);
  const valid = REQUEST_NUMBER_PATTERN.test(requestNumber);
  const status = useQuery({ ...requestStatusQuery(requestNumber), enabled: valid });
  const isCustomer = status.data?.flow === 'CUSTOMER';
  const isCompanyRequest = status.data?.flow === 'ADD_COMPANY';
  // A customer has no partner profile (its master data is read through the customers' own call);
  // an add-company request asks for a company, not a profile review.
  const profile = useQuery({
    ...reviewQueries.profile(requestNumber, asAdmin),
    enabled: valid && status.data !== undefined && !isCustomer && !isCompanyRequest,
  });
  if (!requestNumber) return <WorkbenchPage />;
  const back = (
    <Link to={pathname} className="btn btn-link px-0">
      {t('summary.back')}
    </Link>
  );
  if (!valid)
    return (
      <section className="container py-4">
        {back}
        <FormAlert message={t('summary.badNumber')} />
      </section>
    );
  if (status.data && isCustomer)
    return (
      <section className="container py-4">
        {back}
        <CustomerSummary requestNumber={requestNumber} state={status.data.state} />
      </section>
    );
  if (status.data && isCompanyRequest)
    return (
      <section className="container py-4">
        {back}
        <CompanyRequestSummary requestNumber={requestNumber} state={status.data.state} />
      </section>
    );
  if (!profile.data || !status.data)
    return (
      <section className="container py-4">
        {back}
        <Loading text={t('summary.loading')} of={[profile, status]} />
      </section>
    );
  const p = profile.data;
  const files: Files = new Map((p.files ?? []).map((f) => [f.uniqueId, f]));
  const documentKinds = documentKindsOf(p, label);
  const lists = Object.entries(p.lists ?? {}) as [string, Record<string, Value>[]][];
  const financial = p.financial;

  const profileKey = {
    companyCode: p.profile.companyCode,
    categoryCode: p.profile.categoryCode,
    international: p.profile.international,
  };
  return (
    <ProfileContext.Provider value={profileKey}>
      <section className="container py-4">
        {back}
        <h1 className="h3 page-title mb-1">{t('summary.title', { requestNumber })}</h1>
        <p className="text-muted">
          {p.profile.organizationName} · {p.profile.categoryName} · {t('summary.company', { code: p.profile.companyCode })}
        </p>
        <div className="alert alert-info d-flex flex-wrap gap-3" role="status">
          <span>{t('summary.state', { state: t(`state.${status.data.state}`) })}</span>
          {status.data.desk && <span>{t('summary.desk', { desk: t(`role.${status.data.desk}`) })}</span>}
          {p.profile.submittedAt && <span>{t('summary.submitted', { date: p.profile.submittedAt.slice(0, 10) })}</span>}
        </div>
        <div className="row g-3">
          <div className="col-lg-8 order-2 order-lg-1">
            <Card id="sum-checks" title={t('summary.statutoryChecks')}>
              <StatutoryChecks requestNumber={requestNumber} asAdmin={asAdmin} />
            </Card>
            <Card id="sum-history" title={t('summary.history')}>
              <History requestNumber={requestNumber} />
            </Card>
            <Card id="sum-general" title={t('onboardingLabels:module.GEN')}>
              <Fields scope="general" value={p.general} files={files} />
              <h3 className="h6 mt-3">{t('summary.address')}</h3>
              <Fields scope="address" value={p.address} files={files} />
            </Card>
            <Card id="sum-statutory" title={t('onboardingLabels:module.STA')}>
              <Fields
                scope={p.profile.international ? 'vat' : 'statutory'}
                value={p.profile.international ? p.vat : p.statutory}
                files={files}
              />
            </Card>
            {lists.map(([name, rows]) => (
              <Card key={name} id={`sum-${name}`} title={t(`onboardingLabels:list.${name as 'contacts'}`)}>
                <Rows scope={name} rows={rows} files={files} />
              </Card>
            ))}
            {financial && (
              <Card id="sum-financial" title={t('onboardingLabels:module.FIN')}>
                {FINANCIAL_PART_NAMES.map((part) => (
                  <Rows key={part} scope={part} rows={financial[part] as Record<string, Value>[]} files={files} />
                ))}
              </Card>
            )}
            <Card id="sum-questions" title={t('summary.questions')}>
              <ol className="small mb-0">
                {(p.questions ?? []).map((q) => (
                  <li key={q.questionId} className="mb-1">
                    {q.text}:{' '}
                    {q.answer ? (
                      <>
                        <strong>{q.answer.value ?? '—'}</strong>
                        {q.answer.expiryDate && <> ({t('summary.expires', { date: q.answer.expiryDate })})</>}{' '}
                        {q.answer.files.map((f) => (
                          <FileLink key={f.uniqueId} file={f} />
                        ))}
                      </>
                    ) : (
                      <span className="text-muted">{t('summary.notAnswered')}</span>
                    )}
                  </li>
                ))}
              </ol>
            </Card>
            <Card id="sum-declarations" title={t('onboardingLabels:module.DEC')}>
              <Fields scope="acceptance" value={p.acceptance} files={files} />
              <h3 className="h6 mt-3">{t('summary.tds')}</h3>
              <Fields scope="tdsDeclaration" value={p.tdsDeclaration} files={files} />
            </Card>
          </div>
          <div className="col-lg-4 order-1 order-lg-2">
            <Card id="sum-actions" title={t('summary.actions')}>
              <RequestActions requestNumber={requestNumber} state={status.data.state} />
            </Card>
            {role && (
              <AdminActions
                role={role}
                partnerNumber={p.profile.partnerNumber}
                requestNumber={requestNumber}
                choices={adminChoicesOf(p)}
                address={p.address ?? null}
              />
            )}
            <Card id="sum-documents" title={t('summary.documents')}>
              {files.size === 0 ? (
                <p className="small text-muted mb-0">{t('summary.noRows')}</p>
              ) : (
                <dl className="small mb-0">
                  {[...files.values()].map((f) => (
                    <div key={f.uniqueId} className="mb-1">
                      <dt className="fw-normal text-muted">{documentKinds.get(f.uniqueId) ?? t('summary.otherDocument')}</dt>
                      <dd className="mb-0">
                        <FileLink file={f} />
                      </dd>
                    </div>
                  ))}
                </dl>
              )}
            </Card>
          </div>
        </div>
      </section>
    </ProfileContext.Provider>
  );
}
