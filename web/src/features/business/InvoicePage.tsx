import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { INVOICE_STATUSES, PAYMENT_STATES, type InvoiceStatus, type PaymentState } from '@pp/contract';
import { Pager } from '../../components/Pager.tsx';
import { usePageNo } from '../../lib/use-page-no.ts';
import { SEARCH_DELAY_MS, useSettled } from '../../lib/use-settled.ts';
import { rupees } from '../../lib/money.ts';
import { invoicesQuery } from './api.ts';
import { FilterSelect, SearchBox } from '../../components/ListFilters.tsx';
import { calendarDayOf } from '../../lib/dates.ts';

const PAGE_SIZE = 20;
const day = calendarDayOf;

/**
 * /partnerinvoice: the partner's invoices, newest first, paged and searched on the server, with
 * what was received and what is outstanding or overdue. Hidden in the menu (section 2), but it
 * works when opened directly.
 */
export default function InvoicePage() {
  const { t } = useTranslation(['partner', 'routes']);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<InvoiceStatus | ''>('');
  const [paymentState, setPaymentState] = useState<PaymentState | ''>('');
  const searchTerm = useSettled(search, SEARCH_DELAY_MS);
  const [pageNo, setPageNo] = usePageNo(`${searchTerm}|${status}|${paymentState}`);
  const { data: page, isFetching } = useQuery(
    invoicesQuery({
      pageNo,
      pageSize: PAGE_SIZE,
      ...(searchTerm ? { searchTerm } : {}),
      ...(status ? { status } : {}),
      ...(paymentState ? { paymentState } : {}),
    }),
  );

  return (
    <section className="container-fluid py-3">
      <h1 className="h4 page-title mb-1">{t('routes:title.partnerInvoice')}</h1>
      <p className="text-muted small">{t('invoices.lead')}</p>
      <div className="row g-2 mb-3">
        <div className="col-12 col-md-6">
          <SearchBox label={t('invoices.search')} value={search} onChange={setSearch} />
        </div>
        <div className="col-6 col-md-3">
          <FilterSelect
            label={t('invoices.status')}
            anyLabel={t('invoices.anyStatus')}
            value={status}
            options={INVOICE_STATUSES}
            optionLabel={(s) => t(`dashboard.invoiceStatus.${s}`)}
            onChange={setStatus}
          />
        </div>
        <div className="col-6 col-md-3">
          <FilterSelect
            label={t('invoices.payment')}
            anyLabel={t('invoices.anyPayment')}
            value={paymentState}
            options={PAYMENT_STATES}
            optionLabel={(s) => t(`dashboard.payment.${s}`)}
            onChange={setPaymentState}
          />
        </div>
      </div>
      {page && page.items.length === 0 ? (
        <p className="text-muted">{t('invoices.empty')}</p>
      ) : (
        <div className={`table-responsive ${isFetching ? 'opacity-75' : ''}`}>
          <table className="table table-hover align-middle bg-white small" aria-label={t('routes:title.partnerInvoice')}>
            <thead>
              <tr>
                <th scope="col">{t('invoices.number')}</th>
                <th scope="col">{t('invoices.order')}</th>
                <th scope="col">{t('invoices.date')}</th>
                <th scope="col">{t('invoices.due')}</th>
                <th scope="col" className="text-end">
                  {t('invoices.total')}
                </th>
                <th scope="col" className="text-end">
                  {t('orders.received')}
                </th>
                <th scope="col" className="text-end">
                  {t('dashboard.outstanding')}
                </th>
                <th scope="col">{t('invoices.status')}</th>
              </tr>
            </thead>
            <tbody>
              {page?.items.map((i) => (
                <tr key={i.invoiceNumber}>
                  <td className="font-monospace">{i.invoiceNumber}</td>
                  <td className="font-monospace">{i.orderNumber}</td>
                  <td className="text-nowrap">{day(i.invoiceDate)}</td>
                  <td className="text-nowrap">
                    {day(i.dueDate)}
                    {i.overdue && <span className="badge text-bg-danger ms-1">{t('invoices.overdue')}</span>}
                  </td>
                  <td className="text-end text-nowrap">{rupees(i.total)}</td>
                  <td className="text-end text-nowrap">
                    {rupees(i.received)}
                    {i.lastPaidOn && <div className="text-muted">{t('invoices.lastPaid', { date: day(i.lastPaidOn) })}</div>}
                  </td>
                  <td className="text-end text-nowrap">{rupees(i.outstanding)}</td>
                  <td>
                    {t(i.status === 'ACCEPTED' ? `dashboard.payment.${i.paymentState}` : `dashboard.invoiceStatus.${i.status}`)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {page && (
        <Pager
          pageNo={pageNo}
          pageSize={PAGE_SIZE}
          page={page}
          totalText={(count) => t('invoices.count', { count })}
          onPage={setPageNo}
        />
      )}
    </section>
  );
}
