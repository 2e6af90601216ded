import { useState, type FormEvent, type ReactNode } from 'react';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_DEFAULT_MONTHS } from '@pp/contract';
import { rupees } from '../../lib/money.ts';
import { dashboardQueries, type ChartRange } from './api.ts';
import { InvoiceStatusChart, OrdersByMonthChart, ReceivedVsOutstandingChart, TopCategoriesChart } from './charts.tsx';
import { Loading } from '../../components/Loading.tsx';

const isoDay = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** The last twelve months up to today, as the server takes it when not told. */
function defaultRange(): ChartRange {
  const today = new Date();
  return { from: isoDay(new Date(today.getFullYear(), today.getMonth() - (DASHBOARD_DEFAULT_MONTHS - 1), 1)), to: isoDay(today) };
}

/**
 * A chart's card, with the chart's query: its data's arrival re-renders this card alone. With the four
 * queries in the page, each arrival re-rendered the page and every chart drawn so far, at once (a
 * query's update is not rendered in slices): /partnerdashboard's long tasks on Lighthouse's phone.
 */
function ChartCard<T, K extends QueryKey>({
  title,
  query,
  isEmpty,
  draw,
}: {
  title: string;
  query: UseQueryOptions<T, Error, T, K>;
  isEmpty: (data: T) => boolean;
  draw: (data: T) => ReactNode;
}) {
  const { t } = useTranslation(['partner', 'common']);
  const read = useQuery(query);
  const { data } = read;
  return (
    <section className="col-12 col-xl-6" aria-label={title}>
      <div className="card h-100 shadow-sm">
        <div className="card-body">
          <h2 className="h6 card-title">{title}</h2>
          {/* The chart's box holds its height from the first paint, so nothing below moves when the data comes. */}
          <div className="chart-box">
            {data === undefined ? (
              <Loading className="text-muted small" of={read} />
            ) : isEmpty(data) ? (
              <p className="text-muted small">{t('dashboard.noData')}</p>
            ) : (
              draw(data)
            )}
          </div>
        </div>
      </div>
    </section>
  );
}

function Tile({ label, value, border }: { label: string; value: string; border: string }) {
  return (
    <div className="col-6 col-lg-3">
      <div className={`card border-0 shadow-sm border-start border-4 ${border}`}>
        <div className="card-body py-2">
          <div className="small text-muted">{label}</div>
          <div className="fs-5 fw-semibold" data-testid={`tile-${label}`}>
            {value}
          </div>
        </div>
      </div>
    </div>
  );
}

/** The four totals, from the orders' and the invoices' queries (shared with their charts: asked once). */
function Tiles({ queries }: { queries: ReturnType<typeof dashboardQueries> }) {
  const { t } = useTranslation(['partner', 'common']);
  const orders = useQuery(queries.orders).data;
  const totals = useQuery(queries.invoices).data?.totals;
  const orderValue = orders?.byMonth.reduce((sum, m) => sum + m.value, 0);
  return (
    <div className="row g-3 mb-3">
      <Tile
        label={t('dashboard.orderValue')}
        value={orderValue === undefined ? '…' : rupees(orderValue)}
        border="border-primary"
      />
      <Tile label={t('dashboard.received')} value={totals ? rupees(totals.received) : '…'} border="border-success" />
      <Tile label={t('dashboard.outstanding')} value={totals ? rupees(totals.outstanding) : '…'} border="border-warning" />
      <Tile label={t('dashboard.overdue')} value={totals ? rupees(totals.overdue) : '…'} border="border-danger" />
    </div>
  );
}

/**
 * /partnerdashboard: the partner's business with the session's group company — orders by month,
 * invoices by status and payment, received against outstanding, and the top categories — between
 * two dates.
 */
export default function PartnerDashboardPage() {
  const { t } = useTranslation(['partner', 'routes', 'common']);
  const [range, setRange] = useState(defaultRange);
  const [draft, setDraft] = useState(range);
  const queries = dashboardQueries(range);

  const apply = (e: FormEvent) => {
    e.preventDefault();
    setRange(draft);
  };
  return (
    <div className="container-fluid py-3">
      <div className="d-flex flex-wrap align-items-end gap-3 mb-3">
        <h1 className="h4 page-title me-auto mb-0">{t('routes:title.partnerDashboard')}</h1>
        <form className="d-flex flex-wrap align-items-end gap-2" onSubmit={apply} aria-label={t('dashboard.range')}>
          <div>
            <label htmlFor="dashboard-from" className="form-label small mb-0">
              {t('dashboard.from')}
            </label>
            <input
              id="dashboard-from"
              type="date"
              className="form-control form-control-sm"
              value={draft.from}
              max={draft.to}
              required
              onChange={(e) => setDraft({ ...draft, from: e.target.value })}
            />
          </div>
          <div>
            <label htmlFor="dashboard-to" className="form-label small mb-0">
              {t('dashboard.to')}
            </label>
            <input
              id="dashboard-to"
              type="date"
              className="form-control form-control-sm"
              value={draft.to}
              min={draft.from}
              required
              onChange={(e) => setDraft({ ...draft, to: e.target.value })}
            />
          </div>
          <button type="submit" className="btn btn-primary btn-sm">
            {t('dashboard.apply')}
          </button>
        </form>
      </div>
      <Tiles queries={queries} />
      <div className="row g-3">
        <ChartCard
          title={t('dashboard.ordersChart')}
          query={queries.orders}
          isEmpty={(orders) => orders.byMonth.every((m) => m.orders === 0)}
          draw={(orders) => <OrdersByMonthChart data={orders} />}
        />
        <ChartCard
          title={t('dashboard.invoiceChart')}
          query={queries.invoices}
          isEmpty={(invoices) => invoices.byStatus.length === 0}
          draw={(invoices) => <InvoiceStatusChart data={invoices} />}
        />
        <ChartCard
          title={t('dashboard.receivedChart')}
          query={queries.receivedVsOutstanding}
          isEmpty={(flow) => flow.byMonth.every((m) => !m.received && !m.outstanding)}
          draw={(flow) => <ReceivedVsOutstandingChart data={flow} />}
        />
        <ChartCard
          title={t('dashboard.categoriesChart')}
          query={queries.topCategories}
          isEmpty={(categories) => categories.categories.length === 0}
          draw={(categories) => <TopCategoriesChart data={categories} />}
        />
      </div>
    </div>
  );
}
