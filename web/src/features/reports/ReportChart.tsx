import { BarController, BarElement, CategoryScale, Chart as ChartJS, Legend, LinearScale, Tooltip } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import type { ReportView } from '@pp/contract';

// Only what the bars draw, so this page's chunk carries no more of Chart.js than that.
ChartJS.register(BarController, BarElement, CategoryScale, Legend, LinearScale, Tooltip);

const COLORS = ['#0d6efd', '#20c997', '#fd7e14', '#dc3545', '#6610f2', '#6c757d'];

/**
 * A report's chart: its categories along the bottom, one bar per series; a series of days (its key
 * ends in "Days") is read on its own axis on the right, as counts and days do not share a scale.
 */
export function ReportChart({
  chart,
  title,
  labelOf,
  seriesName,
  stacked,
}: {
  chart: ReportView['chart'];
  title: string;
  labelOf: (label: string) => string;
  seriesName: (key: string) => string;
  stacked: boolean;
}) {
  const isDays = (key: string) => key.endsWith('Days');
  const hasDays = chart.series.some((s) => isDays(s.key));
  // With two axes, each says what it counts.
  const axisTitle = (days: boolean) => ({
    display: hasDays,
    text: chart.series
      .filter((s) => isDays(s.key) === days)
      .map((s) => seriesName(s.key))
      .join(', '),
  });
  return (
    <div style={{ height: 280 }}>
      <Bar
        aria-label={title}
        role="img"
        data={{
          labels: chart.labels.map(labelOf),
          datasets: chart.series.map((s, i) => ({
            label: seriesName(s.key),
            data: s.values,
            backgroundColor: COLORS[i % COLORS.length],
            yAxisID: isDays(s.key) ? 'days' : 'y',
          })),
        }}
        options={{
          responsive: true,
          maintainAspectRatio: false,
          animation: false,
          scales: {
            x: { stacked },
            y: { stacked, ticks: { precision: 0 }, title: axisTitle(false) },
            ...(hasDays
              ? { days: { position: 'right' as const, grid: { drawOnChartArea: false }, title: axisTitle(true) } }
              : {}),
          },
          plugins: { legend: { position: 'bottom' } },
        }}
      />
    </div>
  );
}
