import { useState, type FormEvent, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
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

function ChartCard({ title, empty, children }: { title: string; empty: boolean | undefined; children: ReactNode }) {
  const { t } = useTranslation(['partner', 'common']);
  return (
    <section className="col-12 col-xl-6" aria-label={title}>
      <div className="card h-100 shadow-sm">
        <div className="card-body">
          <h2 className="h6 card-title">{title}</h2>
          {/* The chart's box holds its height from the first paint, so nothing below moves when the data comes. */}
          <div className="chart-box">
            {empty === undefined ? (
              <Loading className="text-muted small" />
            ) : empty ? (
              <p className="text-muted small">{t('dashboard.noData')}</p>
            ) : (
              children
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
  const orders = useQuery(queries.orders).data;
  const invoices = useQuery(queries.invoices).data;
  const flow = useQuery(queries.receivedVsOutstanding).data;
  const categories = useQuery(queries.topCategories).data;

  const apply = (e: FormEvent) => {
    e.preventDefault();
    setRange(draft);
  };
  const totals = invoices?.totals;
  const orderValue = orders?.byMonth.reduce((sum, m) => sum + m.value, 0);

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
      <div className="row g-3">
        <ChartCard title={t('dashboard.ordersChart')} empty={orders && orders.byMonth.every((m) => m.orders === 0)}>
          {orders && <OrdersByMonthChart data={orders} />}
        </ChartCard>
        <ChartCard title={t('dashboard.invoiceChart')} empty={invoices && invoices.byStatus.length === 0}>
          {invoices && <InvoiceStatusChart data={invoices} />}
        </ChartCard>
        <ChartCard title={t('dashboard.receivedChart')} empty={flow && flow.byMonth.every((m) => !m.received && !m.outstanding)}>
          {flow && <ReceivedVsOutstandingChart data={flow} />}
        </ChartCard>
        <ChartCard title={t('dashboard.categoriesChart')} empty={categories && categories.categories.length === 0}>
          {categories && <TopCategoriesChart data={categories} />}
        </ChartCard>
      </div>
    </div>
  );
}
