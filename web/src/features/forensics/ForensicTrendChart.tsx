import { useTranslation } from 'react-i18next';
import { FORENSIC_KIND_NAMES, type ForensicDashboard } from '@pp/contract';
import { BarChart } from '../../components/charts/BarChart.tsx';
import { monthLabel } from '../../lib/months.ts';

const KIND_COLORS = ['#0d6efd', '#20c997', '#fd7e14', '#6610f2', '#dc3545', '#6c757d'];

/** The numbers that became shared each month, stacked by kind. */
export function ForensicTrendChart({ trend }: { trend: ForensicDashboard['trend'] }) {
  const { t, i18n } = useTranslation('staff');
  return (
    <div style={{ height: 260 }}>
      <BarChart
        label={t('forensics.trendTitle')}
        categories={trend.map((m) => monthLabel(m.month, i18n.language))}
        series={FORENSIC_KIND_NAMES.map((kind, i) => ({
          label: t(`forensics.kind.${kind}`),
          values: trend.map((m) => m.counts[kind]),
          color: KIND_COLORS[i]!,
        }))}
        stacked
        axes={{ left: { integer: true } }}
      />
    </div>
  );
}
