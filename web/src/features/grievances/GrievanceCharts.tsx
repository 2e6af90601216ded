import { useTranslation } from 'react-i18next';
import type { GrievanceMetrics } from '@pp/contract';
import { BarChart } from '../../components/charts/BarChart.tsx';
import { monthLabel } from '../../lib/months.ts';

const COUNTS = { left: { integer: true } };

/** Grievances submitted and settled each month, side by side. */
export function GrievanceTrendChart({ trend }: { trend: GrievanceMetrics['trend'] }) {
  const { t, i18n } = useTranslation('staff');
  return (
    <div style={{ height: 240 }}>
      <BarChart
        label={t('grievances.trendTitle')}
        categories={trend.map((m) => monthLabel(m.month, i18n.language))}
        series={[
          { label: t('grievances.submitted'), values: trend.map((m) => m.submitted), color: '#0d6efd' },
          { label: t('grievances.settled'), values: trend.map((m) => m.settled), color: '#20c997' },
        ]}
        axes={COUNTS}
      />
    </div>
  );
}

/** Open grievances by age, each bar split into those past their deadline and those within it. */
export function GrievanceAgeingChart({ ageing }: { ageing: GrievanceMetrics['ageing'] }) {
  const { t } = useTranslation('staff');
  const labels = ageing.map((a, i) =>
    a.upToDays === null
      ? t('grievances.ageOver', { days: ageing[i - 1]?.upToDays ?? 0 })
      : t('grievances.ageUpTo', { days: a.upToDays }),
  );
  return (
    <div style={{ height: 240 }}>
      <BarChart
        label={t('grievances.ageingTitle')}
        categories={labels}
        series={[
          { label: t('grievances.overdue'), values: ageing.map((a) => a.overdue), color: '#dc3545' },
          { label: t('grievances.withinDeadline'), values: ageing.map((a) => a.open - a.overdue), color: '#6c757d' },
        ]}
        stacked
        axes={COUNTS}
      />
    </div>
  );
}
