import { ChartFrame } from './ChartFrame.tsx';

export interface Slice {
  label: string;
  value: number;
  color: string;
}

/** The point at `angle` (radians clockwise from twelve o'clock) on a circle of radius `r`. */
const at = (cx: number, cy: number, r: number, angle: number) => [cx + r * Math.sin(angle), cy - r * Math.cos(angle)] as const;

/** A ring cut into the slices' shares of their total; each slice says its name and value when hovered. */
export function DoughnutChart({
  label,
  slices,
  format = String,
}: {
  label: string;
  slices: Slice[];
  format?: (value: number) => string;
}) {
  const shown = slices.filter((s) => s.value > 0);
  const total = shown.reduce((sum, s) => sum + s.value, 0);
  return (
    <ChartFrame label={label} legend={slices}>
      {({ width, height }) => {
        const cx = width / 2;
        const cy = height / 2;
        const outer = Math.max(4, Math.min(width, height) / 2 - 4);
        const inner = outer * 0.55;
        let angle = 0;
        return shown.map((s) => {
          const title = <title>{`${s.label}: ${format(s.value)}`}</title>;
          // One slice is the whole ring: an arc from a point back to itself draws nothing.
          if (shown.length === 1)
            return (
              <circle
                key={s.label}
                cx={cx}
                cy={cy}
                r={(outer + inner) / 2}
                fill="none"
                stroke={s.color}
                strokeWidth={outer - inner}
              >
                {title}
              </circle>
            );
          const start = angle;
          angle += (s.value / total) * 2 * Math.PI;
          const large = angle - start > Math.PI ? 1 : 0;
          const [x0, y0] = at(cx, cy, outer, start);
          const [x1, y1] = at(cx, cy, outer, angle);
          const [x2, y2] = at(cx, cy, inner, angle);
          const [x3, y3] = at(cx, cy, inner, start);
          return (
            <path
              key={s.label}
              d={`M${x0},${y0} A${outer},${outer} 0 ${large} 1 ${x1},${y1} L${x2},${y2} A${inner},${inner} 0 ${large} 0 ${x3},${y3} Z`}
              fill={s.color}
              stroke="#fff"
              strokeWidth={1}
            >
              {title}
            </path>
          );
        });
      }}
    </ChartFrame>
  );
}
