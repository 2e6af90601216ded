import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  customerBankInputSchema,
  customerBranchInputSchema,
  customerCorrectionFormSchema,
  type Customer,
  type WorkflowStatus,
} from '@pp/contract';
import { failureText } from '../../api/client.ts';
import { Card } from '../../components/Card.tsx';
import { FilePicker } from '../../components/FilePicker.tsx';
import { Loading } from '../../components/Loading.tsx';
import { Modal } from '../../components/Modal.tsx';
import { FormAlert } from '../../forms/fields.tsx';
import { customerStatutoryLookup } from '../../forms/lookups.ts';
import { PartForm } from '../../forms/PartForm.tsx';
import { customerWrites } from './api.ts';
import { reviewQueries } from '../../review/review-api.ts';
import { workflowKeys } from '../../review/requests-api.ts';
import { RequestActions } from '../../review/RequestActions.tsx';
import { Fields, ProfileContext, Rows } from '../../review/profile-values.tsx';
import { History } from '../../review/request-parts.tsx';
import { NO_FILES, nested, flat } from './customer-values.ts';

const EDITABLE = ['DRAFT', 'SENT_BACK'];

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
export function CustomerView({ requestNumber, onBack }: { requestNumber: string; onBack: () => void }) {
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
