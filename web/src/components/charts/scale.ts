/**
 * An axis from 0 to a round number at or above `max`, in about `count` round steps (1, 2, 2.5 or 5
 * times a power of ten): 0, 250, 500, 750, 1000 for 930. Counts (`integer`) step by whole numbers.
 */
export function niceTicks(max: number, count = 5, integer = false): number[] {
  const top = Number.isFinite(max) && max > 0 ? max : integer ? count : 1;
  const raw = top / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  let step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= raw * (1 - 1e-9))!;
  if (integer) step = Math.max(1, Math.ceil(step));
  const steps = Math.ceil(top / step - 1e-9);
  // Rounded to the step's precision: 0.1 + 0.2 would otherwise print as 0.30000000000000004.
  const digits = Math.max(0, -Math.floor(Math.log10(step)) + 1);
  return Array.from({ length: steps + 1 }, (_, i) => Number((i * step).toFixed(digits)));
}

/** About how wide `text` is at the charts' 11 px type, for laying out labels before drawing them. */
export const textWidth = (text: string) => text.length * 6.4;

/** `text` cut to fit `width`, with an ellipsis when cut. */
export function fitText(text: string, width: number) {
  if (textWidth(text) <= width) return text;
  const chars = Math.max(1, Math.floor(width / 6.4) - 1);
  return `${text.slice(0, chars)}…`;
}

/** Every how many category labels one is written, so that written labels do not overlap. */
export function labelEvery(labels: string[], band: number) {
  const widest = Math.max(0, ...labels.map(textWidth)) + 8;
  return Math.max(1, Math.ceil(widest / Math.max(band, 1)));
}
