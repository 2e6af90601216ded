import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  DoughnutController,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { Bar, Chart, Doughnut } from 'react-chartjs-2';
import type { ChartData } from 'chart.js';
import { useTranslation } from 'react-i18next';
import type { InvoiceSummary, OrdersChart, ReceivedVsOutstanding, TopCategories } from '@pp/contract';
import { rupees, shortRupees } from '../../lib/money.ts';
import { monthLabel } from '../../lib/months.ts';

// Only what these four charts draw, so the dashboard's chunk carries no more of Chart.js than that.
ChartJS.register(
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  DoughnutController,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
);

const COLORS = { primary: '#0d6efd', teal: '#20c997', orange: '#fd7e14', red: '#dc3545', grey: '#adb5bd', indigo: '#6610f2' };

/** Bars and a line over the same months (react-chartjs-2's mixed chart). */
type MixedData = ChartData<'bar' | 'line', number[], string>;

export function OrdersByMonthChart({ data }: { data: OrdersChart }) {
  const { t } = useTranslation('partner');
  const chart: MixedData = {
    labels: data.byMonth.map((m) => monthLabel(m.month)),
    datasets: [
      {
        type: 'bar',
        label: t('dashboard.orderValue'),
        data: data.byMonth.map((m) => m.value),
        backgroundColor: COLORS.primary,
        yAxisID: 'value',
      },
      // The count as a line over the bars, on its own axis.
      {
        type: 'line',
        label: t('dashboard.orderCount'),
        data: data.byMonth.map((m) => m.orders),
        borderColor: COLORS.orange,
        backgroundColor: COLORS.orange,
        yAxisID: 'count',
      },
    ],
  };
  return (
    <Chart
      type="bar"
      aria-label={t('dashboard.ordersChart')}
      role="img"
      data={chart}
      options={{
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        scales: {
          value: { position: 'left', ticks: { callback: (v) => shortRupees(Number(v)) } },
          count: { position: 'right', grid: { drawOnChartArea: false }, ticks: { precision: 0 } },
        },
      }}
    />
  );
}

export function InvoiceStatusChart({ data }: { data: InvoiceSummary }) {
  const { t } = useTranslation('partner');
  const slices = data.byStatus.map((s) => ({
    label: t(s.status === 'ACCEPTED' ? `dashboard.payment.${s.paymentState}` : `dashboard.invoiceStatus.${s.status}`),
    amount: s.amount,
    color:
      s.status === 'REJECTED'
        ? COLORS.red
        : s.status === 'SUBMITTED'
          ? COLORS.grey
          : s.paymentState === 'PAID'
            ? COLORS.teal
            : s.paymentState === 'PART_PAID'
              ? COLORS.indigo
              : COLORS.orange,
  }));
  return (
    <Doughnut
      aria-label={t('dashboard.invoiceChart')}
      role="img"
      data={{
        labels: slices.map((s) => s.label),
        datasets: [{ data: slices.map((s) => s.amount), backgroundColor: slices.map((s) => s.color) }],
      }}
      options={{
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        plugins: {
          legend: { position: 'bottom' },
          tooltip: { callbacks: { label: (c) => `${c.label}: ${rupees(Number(c.raw))}` } },
        },
      }}
    />
  );
}

export function ReceivedVsOutstandingChart({ data }: { data: ReceivedVsOutstanding }) {
  const { t } = useTranslation('partner');
  const chart: MixedData = {
    labels: data.byMonth.map((m) => monthLabel(m.month)),
    datasets: [
      { type: 'bar', label: t('dashboard.received'), data: data.byMonth.map((m) => m.received), backgroundColor: COLORS.teal },
      {
        type: 'line',
        label: t('dashboard.outstanding'),
        data: data.byMonth.map((m) => m.outstanding),
        borderColor: COLORS.red,
        backgroundColor: COLORS.red,
      },
    ],
  };
  return (
    <Chart
      type="bar"
      aria-label={t('dashboard.receivedChart')}
      role="img"
      data={chart}
      options={{
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        plugins: { tooltip: { callbacks: { label: (c) => `${c.dataset.label ?? ''}: ${rupees(c.parsed.y ?? 0)}` } } },
        scales: { y: { ticks: { callback: (v) => shortRupees(Number(v)) } } },
      }}
    />
  );
}

export function TopCategoriesChart({ data }: { data: TopCategories }) {
  const { t } = useTranslation('partner');
  return (
    <Bar
      aria-label={t('dashboard.categoriesChart')}
      role="img"
      data={{
        labels: data.categories.map((c) => c.categoryName),
        datasets: [
          { label: t('dashboard.orderValue'), data: data.categories.map((c) => c.value), backgroundColor: COLORS.indigo },
        ],
      }}
      options={{
        indexAxis: 'y',
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        plugins: { legend: { display: false }, tooltip: { callbacks: { label: (c) => rupees(c.parsed.x ?? 0) } } },
        scales: { x: { ticks: { callback: (v) => shortRupees(Number(v)) } } },
      }}
    />
  );
}
