import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import {
  DOMESTIC_COUNTRY_CODE,
  REQUEST_NUMBER_PATTERN,
  customerBankInputSchema,
  customerBranchInputSchema,
  customerCorrectionFormSchema,
  customerFormSchema,
  type Customer,
  type WorkflowStatus,
} from '@pp/contract';
import { failureText } from '../../api/client.ts';
import { Card } from '../../components/Card.tsx';
import { FilePicker } from '../../components/FilePicker.tsx';
import { CompanyFilter, SearchBox } from '../../components/ListFilters.tsx';
import { Loading } from '../../components/Loading.tsx';
import { Modal } from '../../components/Modal.tsx';
import { ServerTable } from '../../components/ServerTable.tsx';
import { FormAlert } from '../../forms/fields.tsx';
import { customerStatutoryLookup } from '../../forms/lookups.ts';
import { PartForm } from '../../forms/PartForm.tsx';
import { usePageNo } from '../../lib/use-page-no.ts';
import { SEARCH_DELAY_MS, useSettled } from '../../lib/use-settled.ts';
import { customerListQuery, customerWrites, reviewQueries } from './api.ts';
import { workflowKeys } from './queue-api.ts';
import { RequestActions } from './RequestActions.tsx';
import { Fields, ProfileContext, Rows } from './summary/profile-values.tsx';
import { History } from './summary/request-parts.tsx';
import { dayOf } from '../../lib/dates.ts';

const PAGE_SIZE = 20;
const EDITABLE = ['DRAFT', 'SENT_BACK'];
const ADDRESS_KEYS = ['line1', 'line2', 'countryCode', 'stateId', 'cityId', 'postalCode'] as const;
const NO_FILES = new Map();

/** The page's flat form values as the calls take them: the address's fields nested under `address`. */
function nested<V extends Record<string, unknown>>(values: V) {
  const address = Object.fromEntries(ADDRESS_KEYS.map((k) => [k, values[k] ?? null]));
  const master = Object.fromEntries(Object.entries(values).filter(([k]) => !(ADDRESS_KEYS as readonly string[]).includes(k)));
  return { ...master, address } as Omit<V, (typeof ADDRESS_KEYS)[number]> & { address: typeof address };
}

/** A customer's master data as the form holds it (the address's fields beside the rest). */
function flat(customer: Customer): Record<string, unknown> {
  return {
    name: customer.name,
    pan: customer.pan,
    gstin: customer.gstin,
    email: customer.email,
    mobileNumber: customer.mobileNumber,
    ...customer.address,
  };
}

/** Registers a customer: its master data and address in its company; the new draft opens next. */
function RegisterCustomer({ companyCode, onRegistered }: { companyCode: number | null; onRegistered: (c: Customer) => void }) {
  const { t } = useTranslation('staff');
  const profile = { companyCode: companyCode ?? 0, categoryCode: '', international: false };
  return (
    <Card id="customer-register" title={t('customers.registerTitle')}>
      <p className="small text-muted">{t('customers.registerLead')}</p>
      <PartForm
        id="customer-new"
        spec="customer"
        schema={customerFormSchema}
        saved={{ companyCode, countryCode: DOMESTIC_COUNTRY_CODE }}
        profile={profile}
        files={NO_FILES}
        required={(name) => !['pan', 'gstin', 'line2'].includes(name)}
        errorPrefix="address."
        statutoryLookup={customerStatutoryLookup(null)}
        submitLabel={t('customers.register')}
        onSave={async (values) => onRegistered(await customerWrites.register(nested(values)))}
      />
    </Card>
  );
}

/** A bank account's bank book or cancelled cheque: uploaded, then attached to the account. */
function BankBook({ customerNumber, bankId, attached }: { customerNumber: string; bankId: number; attached: boolean }) {
  const { t } = useTranslation('staff');
  const client = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const attach = useMutation({
    mutationFn: (fileId: string) => customerWrites.attachBankBook({ customerNumber, bankId, fileId }),
    onMutate: () => setError(null),
    onSuccess: () => client.invalidateQueries({ queryKey: workflowKeys.all }),
    onError: (e) => setError(failureText(e)),
  });
  if (attached) return <span className="badge text-bg-success">{t('customers.bookAttached')}</span>;
  return (
    <>
      <FilePicker
        id={`bank-book-${bankId}`}
        label={t('customers.bankBook')}
        files={[]}
        single
        disabled={attach.isPending}
        onChange={(files) => files[0] && attach.mutate(files[0].uniqueId)}
      />
      <FormAlert message={error} />
    </>
  );
}

/** Sends a draft (or a sent-back customer) for approval, after a confirmation. */
function SubmitCustomer({ customer }: { customer: Customer }) {
  const { t } = useTranslation('staff');
  const client = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = useMutation({
    mutationFn: () => customerWrites.submit({ customerNumber: customer.customerNumber }),
    onMutate: () => setError(null),
    onSuccess: () => client.invalidateQueries({ queryKey: workflowKeys.all }),
    onError: (e) => setError(failureText(e)),
  });
  return (
    <div className="d-flex flex-column gap-2">
      <p className="small text-muted mb-0">{t('customers.submitLead')}</p>
      <FormAlert message={error} />
      <button
        type="button"
        className="btn btn-primary align-self-start"
        disabled={submit.isPending}
        onClick={() => setConfirming(true)}
      >
        {t('customers.submit')}
      </button>
      {confirming && (
        <Modal
          title={t('customers.submit')}
          onOk={() => {
            setConfirming(false);
            submit.mutate();
          }}
          onCancel={() => setConfirming(false)}
        >
          {t('customers.submitConfirm', { name: customer.name, customerNumber: customer.customerNumber })}
        </Modal>
      )}
    </div>
  );
}

/**
 * One customer: its master data, branches and bank accounts, editable while a draft or sent back
 * (then submitted for approval); afterwards read-only, with where its request stands and its history.
 */
function CustomerView({ requestNumber, onBack }: { requestNumber: string; onBack: () => void }) {
  const { t } = useTranslation('staff');
  const client = useQueryClient();
  const read = useQuery(reviewQueries.customer(requestNumber));
  const { data } = read;
  const refresh = () => client.invalidateQueries({ queryKey: workflowKeys.all });
  const back = (
    <button type="button" className="btn btn-link px-0 mb-2" onClick={onBack}>
      ← {t('customers.backToList')}
    </button>
  );
  if (!data)
    return (
      <>
        {back}
        <Loading text={t('summary.loading')} of={read} />
      </>
    );
  const { customer, status } = data;
  const editable = EDITABLE.includes(status.state);
  const { customerNumber } = customer;
  const profile = { companyCode: customer.companyCode, categoryCode: '', international: false };
  const { address, branches, banks, state: _state, desk: _desk, ...master } = customer;
  return (
    <ProfileContext.Provider value={profile}>
      {back}
      <h2 className="h4 mb-1">
        <span data-user-content>{customer.name}</span>{' '}
        <span className="font-monospace text-muted h6">
          {customerNumber} · {requestNumber}
        </span>
      </h2>
      <StatusLine status={status} />
      <div className="row g-3">
        <div className="col-lg-8">
          <Card id="customer-master" title={t('customer.master')}>
            {editable ? (
              <PartForm
                id="customer-edit"
                spec="customer"
                schema={customerCorrectionFormSchema}
                saved={flat(customer)}
                profile={profile}
                files={NO_FILES}
                hidden={['companyCode']}
                required={(name) => !['pan', 'gstin', 'line2'].includes(name)}
                errorPrefix="address."
                statutoryLookup={customerStatutoryLookup(customerNumber)}
                submitLabel={t('customers.save')}
                onSave={async (values) => {
                  await customerWrites.correct({ customerNumber, ...nested(values) });
                  await refresh();
                }}
              />
            ) : (
              <>
                <Fields scope="customer" value={master} files={NO_FILES} />
                <h3 className="h6 mt-3">{t('summary.address')}</h3>
                <Fields scope="customer" value={address} files={NO_FILES} />
              </>
            )}
          </Card>
          <Card id="customer-branches" title={t('customer.branches')}>
            {branches.length === 0 ? (
              <p className="small text-muted">{t('customers.noBranches')}</p>
            ) : (
              <Rows scope="customerBranch" rows={branches} files={NO_FILES} />
            )}
            {editable && (
              <>
                <h3 className="h6 mt-3">{t('customers.addBranch')}</h3>
                <PartForm
                  id="customer-branch"
                  spec="customerBranch"
                  schema={customerBranchInputSchema}
                  saved={null}
                  profile={profile}
                  files={NO_FILES}
                  required={(name) => name !== 'gstin'}
                  errorPrefix="branches.0."
                  statutoryLookup={customerStatutoryLookup(customerNumber)}
                  submitLabel={t('customers.addBranch')}
                  resetAfterSave
                  onSave={async (branch) => {
                    await customerWrites.addBranch({ customerNumber, branch });
                    await refresh();
                  }}
                />
              </>
            )}
          </Card>
          <Card id="customer-banks" title={t('customer.banks')}>
            {banks.length === 0 ? (
              <p className="small text-muted">{t('customers.noBanks')}</p>
            ) : (
              <div className="table-responsive">
                <table className="table table-sm small align-middle" aria-label={t('customer.banks')}>
                  <thead>
                    <tr>
                      <th scope="col">{t('customers.accountHolder')}</th>
                      <th scope="col">{t('customers.accountNumber')}</th>
                      <th scope="col">{t('customers.ifsc')}</th>
                      <th scope="col">{t('customers.bank')}</th>
                      <th scope="col">{t('customers.bankBook')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {banks.map((b) => (
                      <tr key={b.id}>
                        <td data-user-content>{b.accountHolderName}</td>
                        <td className="font-monospace" data-user-content>
                          {b.accountNumber}
                        </td>
                        <td className="font-monospace">{b.ifsc}</td>
                        <td translate="no">
                          {b.bank}, {b.branch}
                        </td>
                        <td>
                          {editable || b.bookFileId ? (
                            <BankBook customerNumber={customerNumber} bankId={b.id} attached={b.bookFileId !== null} />
                          ) : (
                            <span className="text-muted">—</span>
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            {editable && (
              <>
                <h3 className="h6 mt-3">{t('customers.addBank')}</h3>
                <PartForm
                  id="customer-bank"
                  spec="customerBank"
                  schema={customerBankInputSchema}
                  saved={null}
                  profile={profile}
                  files={NO_FILES}
                  required={() => true}
                  errorPrefix="bank."
                  submitLabel={t('customers.addBank')}
                  resetAfterSave
                  onSave={async (bank) => {
                    await customerWrites.addBank({ customerNumber, bank });
                    await refresh();
                  }}
                />
              </>
            )}
          </Card>
          <Card id="customer-history" title={t('summary.history')}>
            <History requestNumber={requestNumber} />
          </Card>
        </div>
        <div className="col-lg-4">
          <Card id="customer-actions" title={t('summary.actions')}>
            {editable ? (
              <SubmitCustomer customer={customer} />
            ) : (
              <RequestActions requestNumber={requestNumber} state={status.state} />
            )}
          </Card>
        </div>
      </div>
    </ProfileContext.Provider>
  );
}

function StatusLine({ status }: { status: WorkflowStatus }) {
  const { t } = useTranslation('staff');
  return (
    <div className={`alert ${status.state === 'SENT_BACK' ? 'alert-warning' : 'alert-info'} py-2`} role="status">
      <span className="me-3">{t('summary.state', { state: t(`state.${status.state}`) })}</span>
      {status.desk && <span className="me-3">{t('summary.desk', { desk: t(`role.${status.desk}`) })}</span>}
      {status.state === 'SENT_BACK' && status.lastRemarks && (
        <span data-user-content>{t('customers.sentBackWith', { remarks: status.lastRemarks })}</span>
      )}
    </div>
  );
}

/** The customers, searched on the server by name, customer number or PAN, by company. */
function CustomerList({
  onOpen,
  companyCode: initialCompany,
}: {
  onOpen: (requestNumber: string) => void;
  companyCode: number | null;
}) {
  const { t } = useTranslation('staff');
  const [search, setSearch] = useState('');
  const [companyCode, setCompanyCode] = useState<number | null>(initialCompany);
  const searchTerm = useSettled(search, SEARCH_DELAY_MS);
  const [pageNo, setPageNo] = usePageNo(`${searchTerm}|${companyCode}`);
  const { data: page, isFetching } = useQuery(customerListQuery({ searchTerm, companyCode, pageNo, pageSize: PAGE_SIZE }));
  return (
    <Card id="customer-list" title={t('customers.listTitle')}>
      <div className="row g-2 mb-2">
        <div className="col-md-8">
          <SearchBox label={t('customers.search')} value={search} onChange={setSearch} />
        </div>
        <div className="col-md-4">
          <CompanyFilter
            label={t('customers.company')}
            anyLabel={t('customers.allCompanies')}
            value={companyCode}
            onChange={setCompanyCode}
          />
        </div>
      </div>
      <ServerTable
        label={t('customers.listTitle')}
        page={page}
        fetching={isFetching}
        rowKey={(c) => c.customerNumber}
        emptyText={searchTerm ? t('customers.noMatch') : t('customers.empty')}
        columns={[
          {
            header: t('customers.customerNumber'),
            cell: (c) => (
              <button type="button" className="btn btn-link btn-sm p-0 font-monospace" onClick={() => onOpen(c.requestNumber)}>
                {c.customerNumber}
              </button>
            ),
          },
          { header: t('customers.name'), cell: (c) => c.name, userContent: true },
          { header: t('customers.pan'), cell: (c) => c.pan ?? '—', className: 'font-monospace' },
          { header: t('customers.state'), cell: (c) => t(`state.${c.state}`) },
          {
            header: t('customers.registered'),
            cell: (c) => dayOf(c.createdAt),
            className: 'text-nowrap',
          },
        ]}
        pageNo={pageNo}
        pageSize={PAGE_SIZE}
        totalText={(count) => t('customers.total', { count })}
        onPage={setPageNo}
      />
    </Card>
  );
}

/** A customer named by its number (the group's links give DocumentNo): found through the list's search. */
function CustomerByNumber({ customerNumber, onOpen }: { customerNumber: string; onOpen: (requestNumber: string) => void }) {
  const { t } = useTranslation('staff');
  const read = useQuery(customerListQuery({ searchTerm: customerNumber, companyCode: null, pageNo: 1, pageSize: 1 }));
  const { data } = read;
  const found = data?.items.find((c) => c.customerNumber === customerNumber.toUpperCase());
  useEffect(() => {
    if (found) onOpen(found.requestNumber);
  }, [found, onOpen]);
  if (data && !found) return <FormAlert message={t('customers.notFound', { customerNumber })} />;
  return <Loading text={t('summary.loading')} of={read} />;
}

/**
 * /CustomerRegistration (customer admin): the group's customers listed and searched, a customer
 * registered with its branches and bank accounts and submitted to the CUSTOMER flow. The group's
 * links name the customer by its request (RefId) or number (DocumentNo) and the company
 * (CompanyCode); the page keeps the open customer in the address as RefId.
 */
export default function CustomerRegistrationPage() {
  const { t } = useTranslation('staff');
  const [params, setParams] = useSearchParams();
  const [registering, setRegistering] = useState(false);
  const refId = params.get('RefId')?.trim().toUpperCase() ?? '';
  const documentNo = params.get('DocumentNo')?.trim() ?? '';
  const companyCode = Number(params.get('CompanyCode')) || null;
  const open = (requestNumber: string | null) => {
    setRegistering(false);
    setParams(requestNumber ? { RefId: requestNumber } : {}, { replace: requestNumber !== null && documentNo !== '' });
  };
  return (
    <section className="container py-4">
      <h1 className="h3 page-title mb-1">{t('customers.title')}</h1>
      <p className="text-muted">{t('customers.lead')}</p>
      {refId ? (
        REQUEST_NUMBER_PATTERN.test(refId) ? (
          <CustomerView requestNumber={refId} onBack={() => open(null)} />
        ) : (
          <FormAlert message={t('summary.badNumber')} />
        )
      ) : documentNo ? (
        <CustomerByNumber customerNumber={documentNo} onOpen={open} />
      ) : (
        <>
          <div className="mb-3">
            <button
              type="button"
              className="btn btn-primary"
              aria-expanded={registering}
              onClick={() => setRegistering(!registering)}
            >
              {registering ? t('customers.cancelRegister') : t('customers.registerTitle')}
            </button>
          </div>
          {registering && <RegisterCustomer companyCode={companyCode} onRegistered={(c) => open(c.requestNumber)} />}
          <CustomerList onOpen={open} companyCode={companyCode} />
        </>
      )}
    </section>
  );
}
