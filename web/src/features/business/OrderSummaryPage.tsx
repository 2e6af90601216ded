import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ORDER_STATUSES, ORDER_TYPES, type Order, type OrderStatus, type OrderType } from '@pp/contract';
import { FIGURES, type Column } from '../../components/DataTable.tsx';
import { ServerTable } from '../../components/ServerTable.tsx';
import { usePageNo } from '../../lib/use-page-no.ts';
import { SEARCH_DELAY_MS, useSettled } from '../../lib/use-settled.ts';
import { rupees } from '../../lib/money.ts';
import { orderSummaryQuery } from './api.ts';
import { FilterSelect, SearchBox } from '../../components/ListFilters.tsx';
import { calendarDayOf } from '../../lib/dates.ts';

const PAGE_SIZE = 20;
const STATUS_TONE: Record<OrderStatus, string> = {
  OPEN: 'text-bg-primary',
  IN_PROGRESS: 'text-bg-info',
  DELIVERED: 'text-bg-success',
  CLOSED: 'text-bg-secondary',
  CANCELLED: 'text-bg-danger',
};

/**
 * /partnersummary (Order Summary): the partner's orders in the session's company, newest first,
 * paged and searched on the server (POST /api/partner/order-summary with page and size), each
 * with what was invoiced and received against it.
 */
export default function OrderSummaryPage() {
  const { t } = useTranslation(['partner', 'routes']);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const [orderType, setOrderType] = useState<OrderType | ''>('');
  const searchTerm = useSettled(search, SEARCH_DELAY_MS);
  const [pageNo, setPageNo] = usePageNo(`${searchTerm}|${status}|${orderType}`);
  const { data: page, isFetching } = useQuery(
    orderSummaryQuery({
      page: pageNo,
      size: PAGE_SIZE,
      ...(searchTerm ? { searchTerm } : {}),
      ...(status ? { status } : {}),
      ...(orderType ? { orderType } : {}),
    }),
  );

  const columns: Column<Order>[] = [
    {
      header: t('orders.number'),
      cell: (o) => (
        <>
          <div className="font-monospace">{o.orderNumber}</div>
          <div className="text-muted">{t(`orders.type.${o.orderType}`)}</div>
        </>
      ),
    },
    { header: t('orders.date'), cell: (o) => calendarDayOf(o.orderDate), className: 'text-nowrap' },
    {
      header: t('orders.description'),
      cell: (o) => (
        <>
          <div>{o.description}</div>
          {o.projectName && <div className="text-muted">{o.projectName}</div>}
        </>
      ),
      userContent: true,
    },
    { header: t('orders.category'), cell: (o) => o.categoryName },
    { header: t('orders.amount'), cell: (o) => rupees(o.amount), ...FIGURES },
    { header: t('orders.invoiced'), cell: (o) => rupees(o.invoiced), ...FIGURES },
    { header: t('orders.received'), cell: (o) => rupees(o.received), ...FIGURES },
    {
      header: t('orders.status'),
      cell: (o) => <span className={`badge ${STATUS_TONE[o.status]}`}>{t(`orders.status.${o.status}`)}</span>,
    },
  ];

  return (
    <section className="container-fluid py-3">
      <h1 className="h4 page-title mb-1">{t('routes:title.partnerSummary')}</h1>
      <p className="text-muted small">{t('orders.lead')}</p>
      <div className="row g-2 mb-3">
        <div className="col-12 col-md-6">
          <SearchBox label={t('orders.search')} value={search} onChange={setSearch} />
        </div>
        <div className="col-6 col-md-3">
          <FilterSelect
            label={t('orders.status')}
            anyLabel={t('orders.anyStatus')}
            value={status}
            options={ORDER_STATUSES}
            optionLabel={(s) => t(`orders.status.${s}`)}
            onChange={setStatus}
          />
        </div>
        <div className="col-6 col-md-3">
          <FilterSelect
            label={t('orders.type')}
            anyLabel={t('orders.anyType')}
            value={orderType}
            options={ORDER_TYPES}
            optionLabel={(type) => t(`orders.type.${type}`)}
            onChange={setOrderType}
          />
        </div>
      </div>
      <ServerTable
        label={t('routes:title.partnerSummary')}
        page={page}
        fetching={isFetching}
        columns={columns}
        rowKey={(order) => order.orderNumber}
        emptyText={searchTerm || status || orderType ? t('orders.noMatch') : t('orders.empty')}
        pageNo={pageNo}
        pageSize={PAGE_SIZE}
        totalText={(count) => t('orders.total', { count })}
        onPage={setPageNo}
      />
    </section>
  );
}
