import { createContext, useContext } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import {
  FINANCIAL_PARTS,
  REQUEST_NUMBER_PATTERN,
  type WorkflowState,
  REVIEW_ANY_REQUEST,
  hasPermission,
  type StoredFileInfo,
} from '@pp/contract';
import { failureText } from '../../api/client.ts';
import { downloadFile } from '../../api/files.ts';
import { FormAlert } from '../../forms/fields.tsx';
import { FIELD_SPECS, type FieldSpec } from '../../forms/profile-field-specs.ts';
import { useOptions, type OptionSource, type ProfileKey } from '../../forms/profile-options.ts';
import { useTextByKey } from '../../i18n/index.ts';
import { showAlert } from '../../lib/ui-state.ts';
import { useSession } from '../../session/session.ts';
import { reviewQueries } from './api.ts';
import { AdminActions } from './AdminActions.tsx';
import { RequestActions } from './RequestActions.tsx';
import WorkbenchPage from './WorkbenchPage.tsx';

const FILE_FIELD = /FileId$|^fileId$/;
const FINANCIAL_PART_NAMES = Object.keys(FINANCIAL_PARTS) as (keyof typeof FINANCIAL_PARTS)[];
type Value = unknown;
type Files = Map<string, StoredFileInfo>;

function FileLink({ file }: { file: StoredFileInfo }) {
  return (
    <button
      type="button"
      className="btn btn-link btn-sm p-0 align-baseline"
      onClick={() => void downloadFile(file.uniqueId, file.fileName).catch((e: unknown) => showAlert(failureText(e)))}
    >
      {file.fileName}
    </button>
  );
}

/** The profile whose reference lists name the codes shown (business types depend on its company and business). */
const ProfileContext = createContext<ProfileKey>({ companyCode: 0, categoryCode: '', international: false });

/** A code as the forms' select shows it (ownership type, state, city, department…); the code itself until the list arrives. */
function OptionName({ source, value, row }: { source: OptionSource; value: Value; row: Record<string, Value> }) {
  const options = useOptions(source, row, useContext(ProfileContext));
  const codes = Array.isArray(value) ? (value as Value[]) : [value];
  return <>{codes.map((c) => options.find((o) => String(o.value) === String(c))?.label ?? String(c)).join(', ')}</>;
}

const specOf = (scope: string, name: string): FieldSpec | undefined =>
  (FIELD_SPECS as Partial<Record<string, readonly FieldSpec[]>>)[scope]?.find((f) => f.name === name);

/** One value as a reviewer reads it: codes by name, files by name (downloadable), lists joined, yes/no, a dash for nothing. */
function Shown({
  scope,
  name,
  value,
  row,
  files,
}: {
  scope: string;
  name: string;
  value: Value;
  row: Record<string, Value>;
  files: Files;
}) {
  const { t } = useTranslation('staff');
  if (value === null || value === undefined || value === '') return <span className="text-muted">—</span>;
  const spec = specOf(scope, name);
  if (spec && (spec.kind === 'select' || spec.kind === 'checks'))
    return <OptionName source={spec.source} value={value} row={row} />;
  if (FILE_FIELD.test(name) && typeof value === 'string') {
    const file = files.get(value);
    return file ? <FileLink file={file} /> : <span className="text-muted">{t('summary.fileMissing')}</span>;
  }
  if (typeof value === 'boolean') return <>{value ? t('summary.yes') : t('summary.no')}</>;
  if (Array.isArray(value)) return <>{value.map(String).join(', ')}</>;
  if (typeof value === 'string' || typeof value === 'number') return <>{value}</>;
  return <>{JSON.stringify(value)}</>;
}

/** A label from the onboarding forms' own texts (field.<part>.<name>), or the field's name where there is none. */
function useLabel() {
  const text = useTextByKey('onboardingLabels');
  return (scope: string, name: string) => {
    const key = `field.${scope}.${name}`;
    const label = text(key);
    return label === key ? name : label;
  };
}

function Fields({ scope, value, files }: { scope: string; value: Record<string, Value> | null | undefined; files: Files }) {
  const { t } = useTranslation('staff');
  const label = useLabel();
  if (!value) return <p className="small text-muted mb-0">{t('summary.notGiven')}</p>;
  return (
    <dl className="row small mb-0">
      {Object.entries(value).map(([k, v]) => (
        <div key={k} className="col-md-6 d-flex gap-2">
          <dt className="fw-normal text-muted">{label(scope, k)}</dt>
          <dd className="mb-1">
            <Shown scope={scope} name={k} value={v} row={value} files={files} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Rows({ scope, rows, files }: { scope: string; rows: readonly Record<string, Value>[]; files: Files }) {
  const { t } = useTranslation('staff');
  const label = useLabel();
  if (rows.length === 0) return <p className="small text-muted mb-0">{t('summary.noRows')}</p>;
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))].filter((c) => c !== 'id');
  return (
    <div className="table-responsive">
      <table className="table table-sm small mb-0">
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col" className="fw-normal text-muted">
                {label(scope, c)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={typeof r.id === 'number' ? r.id : i}>
              {columns.map((c) => (
                <td key={c}>
                  <Shown scope={scope} name={c} value={r[c]} row={r} files={files} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Card({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section className="card mb-3" aria-labelledby={id}>
      <div className="card-body">
        <h2 id={id} className="h5">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

function History({ requestNumber }: { requestNumber: string }) {
  const { t } = useTranslation('staff');
  const { data } = useQuery(reviewQueries.history(requestNumber));
  if (!data) return <p className="small text-muted">{t('summary.loading')}</p>;
  return (
    <div className="table-responsive">
      <table className="table table-sm small mb-0" aria-label={t('summary.history')}>
        <thead>
          <tr>
            <th scope="col">{t('history.when')}</th>
            <th scope="col">{t('history.who')}</th>
            <th scope="col">{t('history.action')}</th>
            <th scope="col">{t('history.step')}</th>
            <th scope="col">{t('history.remarks')}</th>
          </tr>
        </thead>
        <tbody>
          {data.map((m) => (
            <tr key={`${m.createdAt}-${m.action}`}>
              <td>{new Date(m.createdAt).toLocaleString()}</td>
              <td>
                {m.actorName} <span className="text-muted">({t(`role.${m.actorRole}`)})</span>
              </td>
              <td>{t(`action.${m.action}`)}</td>
              <td>
                {m.fromStatus ? t(`state.${m.fromStatus as 'DRAFT'}`) : '—'} → {t(`state.${m.toStatus as 'DRAFT'}`)}
              </td>
              <td className="text-break">{m.remarks ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function StatutoryChecks({ requestNumber, asAdmin }: { requestNumber: string; asAdmin: boolean }) {
  const { t } = useTranslation('staff');
  const { data, error } = useQuery(reviewQueries.statutory(requestNumber, asAdmin));
  if (error) return <FormAlert message={failureText(error)} />;
  if (!data) return <p className="small text-muted">{t('summary.loading')}</p>;
  if (data.length === 0) return <p className="small text-muted mb-0">{t('summary.noNumbers')}</p>;
  return (
    <table className="table table-sm small mb-0" aria-label={t('summary.statutoryChecks')}>
      <thead>
        <tr>
          <th scope="col">{t('statutory.kind')}</th>
          <th scope="col">{t('statutory.number')}</th>
          <th scope="col">{t('statutory.check')}</th>
          <th scope="col">{t('statutory.duplicates')}</th>
        </tr>
      </thead>
      <tbody>
        {data.map((item) => (
          <tr key={`${item.kind}-${item.value}`} className={item.duplicates.length > 0 ? 'table-warning' : undefined}>
            <td>{item.kind}</td>
            <td className="font-monospace">{item.value}</td>
            <td>{item.valid ? t('statutory.valid') : (item.failureMessage ?? t('statutory.invalid'))}</td>
            <td>
              {item.duplicates.length === 0
                ? t('statutory.none')
                : item.duplicates.map((d) => `${d.organizationName} (${d.partnerNumber})`).join('; ')}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A customer's request: its master data, branches, bank accounts, history and the role's actions. */
function CustomerSummary({ requestNumber, state }: { requestNumber: string; state: WorkflowState }) {
  const { t } = useTranslation('staff');
  const { data, error } = useQuery(reviewQueries.customer(requestNumber));
  if (error) return <FormAlert message={failureText(error)} />;
  if (!data) return <p className="text-muted">{t('summary.loading')}</p>;
  const { customer } = data;
  const { address, branches, banks, state: _state, desk: _desk, ...master } = customer;
  return (
    <ProfileContext.Provider value={{ companyCode: customer.companyCode, categoryCode: '', international: false }}>
      <h1 className="h3 page-title mb-1">{t('summary.title', { requestNumber })}</h1>
      <p className="text-muted">
        {customer.name} · {customer.customerNumber}
      </p>
      <div className="alert alert-info d-flex flex-wrap gap-3" role="status">
        <span>{t('summary.state', { state: t(`state.${state}`) })}</span>
        {customer.desk && <span>{t('summary.desk', { desk: t(`role.${customer.desk}`) })}</span>}
      </div>
      <div className="row g-3">
        <div className="col-lg-8 order-2 order-lg-1">
          <Card id="cus-master" title={t('customer.master')}>
            <Fields scope="customer" value={master} files={new Map()} />
            <h3 className="h6 mt-3">{t('summary.address')}</h3>
            <Fields scope="address" value={address} files={new Map()} />
          </Card>
          <Card id="cus-branches" title={t('customer.branches')}>
            <Rows scope="customerBranch" rows={branches} files={new Map()} />
          </Card>
          <Card id="cus-banks" title={t('customer.banks')}>
            <Rows scope="customerBank" rows={banks} files={new Map()} />
          </Card>
          <Card id="cus-history" title={t('summary.history')}>
            <History requestNumber={requestNumber} />
          </Card>
        </div>
        <div className="col-lg-4 order-1 order-lg-2">
          <Card id="cus-actions" title={t('summary.actions')}>
            <RequestActions requestNumber={requestNumber} state={state} />
          </Card>
        </div>
      </div>
    </ProfileContext.Provider>
  );
}

/** An add-company request: who asks, for which company and business, why; its history and the buyer's actions. */
function CompanyRequestSummary({ requestNumber, state }: { requestNumber: string; state: WorkflowState }) {
  const { t } = useTranslation('staff');
  const { data: asked, error } = useQuery(reviewQueries.companyRequest(requestNumber));
  if (error) return <FormAlert message={failureText(error)} />;
  if (!asked) return <p className="text-muted">{t('summary.loading')}</p>;
  return (
    <>
      <h1 className="h3 page-title mb-1">{t('summary.title', { requestNumber })}</h1>
      <p className="text-muted">
        {asked.organizationName} · {asked.partnerNumber}
      </p>
      <div className="alert alert-info" role="status">
        {t('summary.state', { state: t(`state.${state}`) })}
      </div>
      <div className="row g-3">
        <div className="col-lg-8 order-2 order-lg-1">
          <Card id="acr-asked" title={t('companyRequest.asked')}>
            <dl className="row mb-0">
              <dt className="col-sm-4">{t('companyRequest.company')}</dt>
              <dd className="col-sm-8">{asked.companyName}</dd>
              <dt className="col-sm-4">{t('companyRequest.business')}</dt>
              <dd className="col-sm-8">{asked.categoryName}</dd>
              <dt className="col-sm-4">{t('companyRequest.reason')}</dt>
              <dd className="col-sm-8" style={{ whiteSpace: 'pre-wrap' }}>
                {asked.reason}
              </dd>
            </dl>
          </Card>
          <Card id="acr-history" title={t('summary.history')}>
            <History requestNumber={requestNumber} />
          </Card>
        </div>
        <div className="col-lg-4 order-1 order-lg-2">
          <Card id="acr-actions" title={t('summary.actions')}>
            <RequestActions requestNumber={requestNumber} state={state} />
          </Card>
        </div>
      </div>
    </>
  );
}

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
  const requestNumber = params.get('requestNumber')?.trim().toUpperCase() ?? '';
  const asAdmin = role !== null && hasPermission(role, REVIEW_ANY_REQUEST);
  const valid = REQUEST_NUMBER_PATTERN.test(requestNumber);
  const status = useQuery({ ...reviewQueries.status(requestNumber), enabled: valid });
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
  if (!valid || profile.error || status.error)
    return (
      <section className="container py-4">
        {back}
        <FormAlert message={valid ? failureText(profile.error ?? status.error) : t('summary.badNumber')} />
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
  if (!profile.data || !status.data) return <p className="container py-4 text-muted">{t('summary.loading')}</p>;
  const p = profile.data;
  const files: Files = new Map((p.files ?? []).map((f) => [f.uniqueId, f]));
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
                choices={{
                  bankAccountId: (p.lists?.bankAccounts ?? []).map((b) => ({
                    value: String(b.id),
                    label: `${b.accountNumber ?? ''} · ${b.accountHolderName ?? ''}`,
                  })),
                  gstin: (p.lists?.gstins ?? []).flatMap((g) => (g.gstin ? [{ value: g.gstin, label: g.gstin }] : [])),
                  questionId: (p.questions ?? []).flatMap((q) =>
                    q.answer?.expiryDate ? [{ value: String(q.questionId), label: `${q.text} (${q.answer.expiryDate})` }] : [],
                  ),
                }}
                address={p.address ?? null}
              />
            )}
            <Card id="sum-documents" title={t('summary.documents')}>
              {files.size === 0 ? (
                <p className="small text-muted mb-0">{t('summary.noRows')}</p>
              ) : (
                <ul className="small mb-0">
                  {[...files.values()].map((f) => (
                    <li key={f.uniqueId}>
                      <FileLink file={f} />
                    </li>
                  ))}
                </ul>
              )}
            </Card>
          </div>
        </div>
      </section>
    </ProfileContext.Provider>
  );
}
