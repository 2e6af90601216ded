/** A moment's calendar month as the dashboards key it: YYYY-MM (UTC). */
export const monthOf = (d: Date) => d.toISOString().slice(0, 7);

/** The last `count` months up to the one `now` falls in, oldest first (a trend's x-axis). */
export function lastMonths(now: Date, count: number): string[] {
  const months: string[] = [];
  for (let i = count - 1; i >= 0; i--) months.push(monthOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1))));
  return months;
}
