import { BarController, BarElement, CategoryScale, Chart as ChartJS, Legend, LinearScale, Tooltip } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import { useTranslation } from 'react-i18next';
import type { GrievanceMetrics } from '@pp/contract';
import { monthLabel } from '../../lib/months.ts';

// Only what the bars draw, so this page's chunk carries no more of Chart.js than that.
ChartJS.register(BarController, BarElement, CategoryScale, Legend, LinearScale, Tooltip);

const barOptions = (stacked: boolean) => ({
  responsive: true,
  maintainAspectRatio: false,
  animation: false as const,
  scales: { x: { stacked }, y: { stacked, ticks: { precision: 0 } } },
  plugins: { legend: { position: 'bottom' as const } },
});

/** Grievances submitted and settled each month, side by side. */
export function GrievanceTrendChart({ trend }: { trend: GrievanceMetrics['trend'] }) {
  const { t, i18n } = useTranslation('staff');
  return (
    <div style={{ height: 240 }}>
      <Bar
        aria-label={t('grievances.trendTitle')}
        role="img"
        data={{
          labels: trend.map((m) => monthLabel(m.month, i18n.language)),
          datasets: [
            { label: t('grievances.submitted'), data: trend.map((m) => m.submitted), backgroundColor: '#0d6efd' },
            { label: t('grievances.settled'), data: trend.map((m) => m.settled), backgroundColor: '#20c997' },
          ],
        }}
        options={barOptions(false)}
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
      <Bar
        aria-label={t('grievances.ageingTitle')}
        role="img"
        data={{
          labels,
          datasets: [
            { label: t('grievances.overdue'), data: ageing.map((a) => a.overdue), backgroundColor: '#dc3545' },
            { label: t('grievances.withinDeadline'), data: ageing.map((a) => a.open - a.overdue), backgroundColor: '#6c757d' },
          ],
        }}
        options={barOptions(true)}
      />
    </div>
  );
}
