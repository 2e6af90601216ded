import type { ReportView } from '@pp/contract';
import { BarChart } from '../../components/charts/BarChart.tsx';

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
  const axisTitle = (days: boolean) =>
    hasDays
      ? chart.series
          .filter((s) => isDays(s.key) === days)
          .map((s) => seriesName(s.key))
          .join(', ')
      : undefined;
  return (
    <div style={{ height: 280 }}>
      <BarChart
        label={title}
        categories={chart.labels.map(labelOf)}
        series={chart.series.map((s, i) => ({
          label: seriesName(s.key),
          values: s.values,
          color: COLORS[i % COLORS.length]!,
          axis: isDays(s.key) ? 'right' : 'left',
        }))}
        stacked={stacked}
        axes={{ left: { integer: true, title: axisTitle(false) }, right: { title: axisTitle(true) } }}
      />
    </div>
  );
}
