/**
 * Dates as the group writes them — day/month/year, a 24-hour time — put together by hand: the
 * browser's toLocaleString loads its date formatter on first use (some 45 ms here, four times that
 * on a phone), which was the longest task before a signed-in page's first paint; twenty rows of
 * the workbench, each with two dates, took 0.9 s of a throttled phone's main thread.
 * Each takes a Date or the contract's ISO timestamp.
 */
const two = (n: number) => String(n).padStart(2, '0');
const asDate = (d: Date | string) => (typeof d === 'string' ? new Date(d) : d);

/** 27/11/2026 */
export const dayOf = (at: Date | string) => {
  const d = asDate(at);
  return `${two(d.getDate())}/${two(d.getMonth() + 1)}/${d.getFullYear()}`;
};

/** 14:05 (with `:09` seconds when asked). */
export const timeOf = (at: Date | string, seconds = false) => {
  const d = asDate(at);
  return `${two(d.getHours())}:${two(d.getMinutes())}${seconds ? `:${two(d.getSeconds())}` : ''}`;
};

/** 27/11/2026, 14:05 (with `:09` seconds when asked: the header's clock). */
export const dateTimeOf = (at: Date | string, seconds = false) => `${dayOf(at)}, ${timeOf(at, seconds)}`;

/** A calendar day of the contract (YYYY-MM-DD) as dayOf writes it, without a time zone's shift. */
export const calendarDayOf = (isoDay: string) => dayOf(new Date(`${isoDay}T00:00:00`));
