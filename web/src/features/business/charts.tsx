import { useTranslation } from 'react-i18next';
import type { InvoiceSummary, OrdersChart, ReceivedVsOutstanding, TopCategories } from '@pp/contract';
import { BarChart } from '../../components/charts/BarChart.tsx';
import { DoughnutChart } from '../../components/charts/DoughnutChart.tsx';
import { rupees, shortRupees } from '../../lib/money.ts';
import { monthLabel } from '../../lib/months.ts';

const COLORS = { primary: '#0d6efd', teal: '#20c997', orange: '#fd7e14', red: '#dc3545', grey: '#adb5bd', indigo: '#6610f2' };

export function OrdersByMonthChart({ data }: { data: OrdersChart }) {
  const { t } = useTranslation('partner');
  return (
    <BarChart
      label={t('dashboard.ordersChart')}
      categories={data.byMonth.map((m) => monthLabel(m.month))}
      series={[
        { label: t('dashboard.orderValue'), values: data.byMonth.map((m) => m.value), color: COLORS.primary },
        // The count as a line over the bars, on its own axis.
        {
          label: t('dashboard.orderCount'),
          values: data.byMonth.map((m) => m.orders),
          color: COLORS.orange,
          line: true,
          axis: 'right',
        },
      ]}
      axes={{ left: { format: shortRupees }, right: { integer: true } }}
      format={(value, series) => (series.axis === 'right' ? String(value) : rupees(value))}
    />
  );
}

export function InvoiceStatusChart({ data }: { data: InvoiceSummary }) {
  const { t } = useTranslation('partner');
  const slices = data.byStatus.map((s) => ({
    label: t(s.status === 'ACCEPTED' ? `dashboard.payment.${s.paymentState}` : `dashboard.invoiceStatus.${s.status}`),
    value: s.amount,
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
  return <DoughnutChart label={t('dashboard.invoiceChart')} slices={slices} format={rupees} />;
}

export function ReceivedVsOutstandingChart({ data }: { data: ReceivedVsOutstanding }) {
  const { t } = useTranslation('partner');
  return (
    <BarChart
      label={t('dashboard.receivedChart')}
      categories={data.byMonth.map((m) => monthLabel(m.month))}
      series={[
        { label: t('dashboard.received'), values: data.byMonth.map((m) => m.received), color: COLORS.teal },
        { label: t('dashboard.outstanding'), values: data.byMonth.map((m) => m.outstanding), color: COLORS.red, line: true },
      ]}
      axes={{ left: { format: shortRupees } }}
      format={rupees}
    />
  );
}

export function TopCategoriesChart({ data }: { data: TopCategories }) {
  const { t } = useTranslation('partner');
  return (
    <BarChart
      label={t('dashboard.categoriesChart')}
      horizontal
      legend={false}
      categoriesAreData
      categories={data.categories.map((c) => c.categoryName)}
      series={[{ label: t('dashboard.orderValue'), values: data.categories.map((c) => c.value), color: COLORS.indigo }]}
      axes={{ left: { format: shortRupees } }}
      format={rupees}
    />
  );
}
