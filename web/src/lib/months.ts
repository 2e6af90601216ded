/** "2026-04" as the reader's short month in the page's language: Apr 26 (a chart's x-axis). */
export const monthLabel = (month: string, language?: string) =>
  new Date(`${month}-01T00:00:00`).toLocaleDateString(language, { month: 'short', year: '2-digit' });
