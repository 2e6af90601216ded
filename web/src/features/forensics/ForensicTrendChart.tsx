import { BarController, BarElement, CategoryScale, Chart as ChartJS, Legend, LinearScale, Tooltip } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import { useTranslation } from 'react-i18next';
import { FORENSIC_KIND_NAMES, type ForensicDashboard } from '@pp/contract';
import { monthLabel } from '../../lib/months.ts';

// Only what the stacked bars draw, so this page's chunk carries no more of Chart.js than that.
ChartJS.register(BarController, BarElement, CategoryScale, Legend, LinearScale, Tooltip);

const KIND_COLORS = ['#0d6efd', '#20c997', '#fd7e14', '#6610f2', '#dc3545', '#6c757d'];

/** The numbers that became shared each month, stacked by kind. */
export function ForensicTrendChart({ trend }: { trend: ForensicDashboard['trend'] }) {
  const { t, i18n } = useTranslation('staff');
  return (
    <div style={{ height: 260 }}>
      <Bar
        aria-label={t('forensics.trendTitle')}
        role="img"
        data={{
          labels: trend.map((m) => monthLabel(m.month, i18n.language)),
          datasets: FORENSIC_KIND_NAMES.map((kind, i) => ({
            label: t(`forensics.kind.${kind}`),
            data: trend.map((m) => m.counts[kind]),
            backgroundColor: KIND_COLORS[i],
          })),
        }}
        options={{
          responsive: true,
          maintainAspectRatio: false,
          animation: false,
          scales: { x: { stacked: true }, y: { stacked: true, ticks: { precision: 0 } } },
          plugins: { legend: { position: 'bottom' } },
        }}
      />
    </div>
  );
}
