import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { INVOICE_STATUSES, PAYMENT_STATES, type Invoice, type InvoiceStatus, type PaymentState } from '@pp/contract';
import { FIGURES, type Column } from '../../components/DataTable.tsx';
import { ServerTable } from '../../components/ServerTable.tsx';
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

  const columns: Column<Invoice>[] = [
    { header: t('invoices.number'), cell: (i) => i.invoiceNumber, className: 'font-monospace' },
    { header: t('invoices.order'), cell: (i) => i.orderNumber, className: 'font-monospace' },
    { header: t('invoices.date'), cell: (i) => day(i.invoiceDate), className: 'text-nowrap' },
    {
      header: t('invoices.due'),
      cell: (i) => (
        <>
          {day(i.dueDate)}
          {i.overdue && <span className="badge text-bg-danger ms-1">{t('invoices.overdue')}</span>}
        </>
      ),
      className: 'text-nowrap',
    },
    { header: t('invoices.total'), cell: (i) => rupees(i.total), ...FIGURES },
    {
      header: t('orders.received'),
      cell: (i) => (
        <>
          {rupees(i.received)}
          {i.lastPaidOn && <div className="text-muted">{t('invoices.lastPaid', { date: day(i.lastPaidOn) })}</div>}
        </>
      ),
      ...FIGURES,
    },
    { header: t('dashboard.outstanding'), cell: (i) => rupees(i.outstanding), ...FIGURES },
    {
      header: t('invoices.status'),
      cell: (i) => t(i.status === 'ACCEPTED' ? `dashboard.payment.${i.paymentState}` : `dashboard.invoiceStatus.${i.status}`),
    },
  ];

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
      <ServerTable
        label={t('routes:title.partnerInvoice')}
        page={page}
        fetching={isFetching}
        columns={columns}
        rowKey={(invoice) => invoice.invoiceNumber}
        emptyText={t('invoices.empty')}
        pageNo={pageNo}
        pageSize={PAGE_SIZE}
        totalText={(count) => t('invoices.count', { count })}
        onPage={setPageNo}
      />
    </section>
  );
}
