import type { ReactNode } from 'react';
import { useSize } from './use-size.ts';

export interface LegendItem {
  label: string;
  color: string;
  /** Drawn as a line, not a bar or slice. */
  line?: boolean;
}

/**
 * A chart's box: the drawing fills what the legend leaves of its parent's height, and is drawn
 * once that size is known (before the first paint), so the page around it never moves.
 */
export function ChartFrame({
  label,
  legend,
  children,
}: {
  label: string;
  legend: LegendItem[];
  children: (size: { width: number; height: number }) => ReactNode;
}) {
  const [ref, size] = useSize<HTMLDivElement>();
  return (
    <div className="chart">
      <div ref={ref} className="chart-plot">
        {size && (
          <svg role="img" aria-label={label} width={size.width} height={size.height} viewBox={`0 0 ${size.width} ${size.height}`}>
            {children(size)}
          </svg>
        )}
      </div>
      {legend.length > 0 && (
        <ul className="chart-legend">
          {legend.map((item) => (
            <li key={item.label}>
              <i className={item.line ? 'chart-key-line' : undefined} style={{ background: item.color }} />
              {item.label}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
