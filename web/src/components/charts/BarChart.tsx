import { niceTicks, fitText, labelEvery, textWidth } from './scale.ts';
import { ChartFrame, type LegendItem } from './ChartFrame.tsx';

/** One series: bars (or a line with `line`) read on the left axis, or the right one with `axis`. */
export interface ChartSeries {
  label: string;
  values: number[];
  color: string;
  line?: boolean;
  axis?: 'left' | 'right';
}

export interface ChartAxis {
  /** A tick as the axis writes it (the number as it is when not given). */
  format?: (value: number) => string;
  /** Counts: ticks at whole numbers only. */
  integer?: boolean;
  /** What the axis counts, written along it. */
  title?: string;
}

type Side = 'left' | 'right';
const sideOf = (s: ChartSeries): Side => s.axis ?? 'left';
const TICK_COUNT = 5;
const GAP = 8;
const TITLE_SPACE = 16;
const CATEGORY_SPACE = 20;

/** The largest value an axis must reach: the tallest stack of its bars, or its largest single value. */
function axisMax(series: ChartSeries[], categories: number, stacked: boolean) {
  let max = 0;
  for (let i = 0; i < categories; i++) {
    let stack = 0;
    for (const s of series) {
      const value = Math.max(0, s.values[i] ?? 0);
      if (stacked && !s.line) stack += value;
      else max = Math.max(max, value);
    }
    max = Math.max(max, stack);
  }
  return max;
}

/**
 * Bars by category, grouped or stacked, with lines over them on the same or a second axis, or
 * lying down (`horizontal`) for long category names. Drawn as SVG: each bar and point says its
 * category, series and value when hovered; the legend below names the series.
 */
export function BarChart({
  label,
  categories,
  series,
  stacked = false,
  horizontal = false,
  axes = {},
  format,
  legend = true,
  categoriesAreData = false,
}: {
  /** The chart's accessible name. */
  label: string;
  categories: string[];
  /** The categories are names from the data (not the page's words): marked so, as tables mark theirs. */
  categoriesAreData?: boolean;
  series: ChartSeries[];
  stacked?: boolean;
  horizontal?: boolean;
  axes?: Partial<Record<Side, ChartAxis>>;
  /** A value as its hover text says it (its axis's format when not given). */
  format?: (value: number, series: ChartSeries) => string;
  legend?: boolean;
}) {
  const items: LegendItem[] = series.map((s) => ({ label: s.label, color: s.color, line: s.line }));
  return (
    <ChartFrame label={label} legend={legend ? items : []}>
      {({ width, height }) =>
        horizontal ? (
          <HorizontalBars {...{ width, height, categories, categoriesAreData, series, stacked, axis: axes.left ?? {}, format }} />
        ) : (
          <VerticalBars {...{ width, height, categories, categoriesAreData, series, stacked, axes, format }} />
        )
      }
    </ChartFrame>
  );
}

interface PlotProps {
  width: number;
  height: number;
  categories: string[];
  categoriesAreData: boolean;
  series: ChartSeries[];
  stacked: boolean;
  format?: (value: number, series: ChartSeries) => string;
}

const hoverText = (category: string, s: ChartSeries, value: number, written: string) => `${category} · ${s.label}: ${written}`;

function VerticalBars({
  width,
  height,
  categories,
  categoriesAreData,
  series,
  stacked,
  axes,
  format,
}: PlotProps & { axes: Partial<Record<Side, ChartAxis>> }) {
  const sides = (['left', 'right'] as const).filter((side) => side === 'left' || series.some((s) => sideOf(s) === side));
  const scales = Object.fromEntries(
    sides.map((side) => {
      const axis = axes[side] ?? {};
      const ticks = niceTicks(
        axisMax(
          series.filter((s) => sideOf(s) === side),
          categories.length,
          stacked,
        ),
        TICK_COUNT,
        axis.integer,
      );
      const write = axis.format ?? String;
      const room = Math.max(...ticks.map((t) => textWidth(write(t)))) + GAP + (axis.title ? TITLE_SPACE : 0);
      return [side, { axis, ticks, top: ticks[ticks.length - 1]!, write, room }];
    }),
  ) as Record<Side, { axis: ChartAxis; ticks: number[]; top: number; write: (v: number) => string; room: number }>;
  const left = scales.left.room;
  const right = scales.right?.room ?? GAP;
  const top = GAP;
  const plotWidth = Math.max(1, width - left - right);
  const plotHeight = Math.max(1, height - top - CATEGORY_SPACE);
  const y = (value: number, side: Side) => top + plotHeight - (Math.max(0, value) / scales[side].top) * plotHeight;
  const band = plotWidth / Math.max(1, categories.length);
  const bars = series.filter((s) => !s.line);
  // Stacked bars share one slot per axis; grouped bars have one each.
  const slotOf = (s: ChartSeries) => (stacked ? sides.indexOf(sideOf(s)) : bars.indexOf(s));
  const slots = stacked ? new Set(bars.map(sideOf)).size : bars.length;
  const barWidth = Math.min(48, (band * 0.75) / Math.max(1, slots));
  const every = labelEvery(categories, band);
  const written = (s: ChartSeries, v: number) => (format ? format(v, s) : scales[sideOf(s)].write(v));

  const stackBase = new Map<string, number>();
  return (
    <>
      {scales.left.ticks.map((tick) => (
        <g key={tick}>
          <line x1={left} x2={left + plotWidth} y1={y(tick, 'left')} y2={y(tick, 'left')} className="chart-grid" />
          <text x={left - 4} y={y(tick, 'left')} textAnchor="end" dominantBaseline="middle">
            {scales.left.write(tick)}
          </text>
        </g>
      ))}
      {scales.right?.ticks.map((tick) => (
        <text key={tick} x={left + plotWidth + 4} y={y(tick, 'right')} dominantBaseline="middle">
          {scales.right.write(tick)}
        </text>
      ))}
      {sides.map(
        (side) =>
          scales[side].axis.title && (
            <text
              key={side}
              transform={`translate(${side === 'left' ? 10 : width - 6} ${top + plotHeight / 2}) rotate(-90)`}
              textAnchor="middle"
              className="chart-axis-title"
            >
              {scales[side].axis.title}
            </text>
          ),
      )}
      {categories.map(
        (category, i) =>
          i % every === 0 && (
            <text
              key={i}
              x={left + band * (i + 0.5)}
              y={top + plotHeight + 14}
              textAnchor="middle"
              data-user-content={categoriesAreData || undefined}
            >
              <title>{category}</title>
              {fitText(category, band * every - 4)}
            </text>
          ),
      )}
      {categories.map((category, i) =>
        bars.map((s) => {
          const value = Math.max(0, s.values[i] ?? 0);
          if (value === 0) return null;
          const key = `${i}:${sideOf(s)}`;
          const base = stacked ? (stackBase.get(key) ?? 0) : 0;
          if (stacked) stackBase.set(key, base + value);
          const x = left + band * i + (band - slots * barWidth) / 2 + slotOf(s) * barWidth;
          const y0 = y(base, sideOf(s));
          const y1 = y(base + value, sideOf(s));
          return (
            <rect
              key={`${s.label}-${i}`}
              x={x}
              y={y1}
              width={Math.max(1, barWidth - 1)}
              height={Math.max(1, y0 - y1)}
              fill={s.color}
            >
              <title>{hoverText(category, s, value, written(s, value))}</title>
            </rect>
          );
        }),
      )}
      {series
        .filter((s) => s.line)
        .map((s) => {
          const points = categories.map((_, i) => [left + band * (i + 0.5), y(s.values[i] ?? 0, sideOf(s))] as const);
          return (
            <g key={s.label}>
              <polyline points={points.map((p) => p.join(',')).join(' ')} fill="none" stroke={s.color} strokeWidth={2} />
              {points.map(([px, py], i) => (
                <circle key={i} cx={px} cy={py} r={3} fill={s.color}>
                  <title>{hoverText(categories[i]!, s, s.values[i] ?? 0, written(s, s.values[i] ?? 0))}</title>
                </circle>
              ))}
            </g>
          );
        })}
    </>
  );
}

function HorizontalBars({
  width,
  height,
  categories,
  categoriesAreData,
  series,
  stacked,
  axis,
  format,
}: PlotProps & { axis: ChartAxis }) {
  const ticks = niceTicks(axisMax(series, categories.length, stacked), TICK_COUNT, axis.integer);
  const topTick = ticks[ticks.length - 1]!;
  const write = axis.format ?? String;
  const left = Math.min(Math.max(...categories.map(textWidth), 0) + GAP, width * 0.4);
  const right = textWidth(write(topTick)) / 2 + GAP;
  const top = GAP;
  const plotWidth = Math.max(1, width - left - right);
  const plotHeight = Math.max(1, height - top - CATEGORY_SPACE);
  const x = (value: number) => left + (Math.max(0, value) / topTick) * plotWidth;
  const band = plotHeight / Math.max(1, categories.length);
  const slots = stacked ? 1 : series.length;
  const barHeight = Math.min(32, (band * 0.75) / Math.max(1, slots));
  const stackBase = new Map<number, number>();
  return (
    <>
      {ticks.map((tick) => (
        <g key={tick}>
          <line x1={x(tick)} x2={x(tick)} y1={top} y2={top + plotHeight} className="chart-grid" />
          <text x={x(tick)} y={top + plotHeight + 14} textAnchor="middle">
            {write(tick)}
          </text>
        </g>
      ))}
      {categories.map((category, i) => (
        <g key={i}>
          <text
            x={left - 4}
            y={top + band * (i + 0.5)}
            textAnchor="end"
            dominantBaseline="middle"
            data-user-content={categoriesAreData || undefined}
          >
            <title>{category}</title>
            {fitText(category, left - GAP)}
          </text>
          {series.map((s, slot) => {
            const value = Math.max(0, s.values[i] ?? 0);
            if (value === 0) return null;
            const base = stacked ? (stackBase.get(i) ?? 0) : 0;
            if (stacked) stackBase.set(i, base + value);
            const y = top + band * i + (band - slots * barHeight) / 2 + (stacked ? 0 : slot) * barHeight;
            return (
              <rect
                key={s.label}
                x={x(base)}
                y={y}
                width={Math.max(1, x(base + value) - x(base))}
                height={Math.max(1, barHeight - 1)}
                fill={s.color}
              >
                <title>{hoverText(category, s, value, format ? format(value, s) : write(value))}</title>
              </rect>
            );
          })}
        </g>
      ))}
    </>
  );
}
