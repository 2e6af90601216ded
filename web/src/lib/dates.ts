/**
 * Dates as the group writes them — day/month/year, a 24-hour time — put together by hand: the
 * browser's toLocaleString loads its date formatter on first use (some 45 ms here, four times that
 * on a phone), which was the longest task before a signed-in page's first paint.
 */
const two = (n: number) => String(n).padStart(2, '0');

/** 27/11/2026 */
export const dayOf = (d: Date) => `${two(d.getDate())}/${two(d.getMonth() + 1)}/${d.getFullYear()}`;

/** 27/11/2026, 14:05 (with `:09` seconds when asked: the header's clock). */
export const dateTimeOf = (d: Date, seconds = false) =>
  `${dayOf(d)}, ${two(d.getHours())}:${two(d.getMinutes())}${seconds ? `:${two(d.getSeconds())}` : ''}`;

/** A calendar day of the contract (YYYY-MM-DD) as dayOf writes it, without a time zone's shift. */
export const calendarDayOf = (isoDay: string) => dayOf(new Date(`${isoDay}T00:00:00`));
