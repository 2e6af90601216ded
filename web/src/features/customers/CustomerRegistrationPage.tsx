import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { DOMESTIC_COUNTRY_CODE, REQUEST_NUMBER_PATTERN, customerFormSchema, type Customer } from '@pp/contract';
import { Card } from '../../components/Card.tsx';
import { Loading } from '../../components/Loading.tsx';
import { FormAlert } from '../../forms/fields.tsx';
import { customerStatutoryLookup } from '../../forms/lookups.ts';
import { PartForm } from '../../forms/PartForm.tsx';
import { customerListQuery, customerWrites } from './api.ts';
import { NO_FILES, nested } from './customer-values.ts';
import { CustomerList } from './CustomerList.tsx';
import { CustomerView } from './CustomerView.tsx';

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
