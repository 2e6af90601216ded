import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type WorkflowState } from '@pp/contract';
import { reviewQueries } from '../../../review/review-api.ts';
import { RequestActions } from '../../../review/RequestActions.tsx';

import { Card } from '../../../components/Card.tsx';
import { Fields, ProfileContext, Rows } from '../../../review/profile-values.tsx';
import { History } from '../../../review/request-parts.tsx';
import { Loading } from '../../../components/Loading.tsx';

/** A customer's request: its master data, branches, bank accounts, history and the role's actions. */
export function CustomerSummary({ requestNumber, state }: { requestNumber: string; state: WorkflowState }) {
  const { t } = useTranslation('staff');
  const read = useQuery(reviewQueries.customer(requestNumber));
  const { data } = read;
  if (!data) return <Loading text={t('summary.loading')} of={read} />;
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
export function CompanyRequestSummary({ requestNumber, state }: { requestNumber: string; state: WorkflowState }) {
  const { t } = useTranslation('staff');
  const read = useQuery(reviewQueries.companyRequest(requestNumber));
  const { data: asked } = read;
  if (!asked) return <Loading text={t('summary.loading')} of={read} />;
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
