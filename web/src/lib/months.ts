import i18next from '../i18n/index.ts';

/**
 * "2026-04" as a short month in the page's language: Apr 26, अप्रैल 26 (a chart's axis). Put
 * together from the texts, not by toLocaleDateString, which loads the browser's date formatter on
 * first use (see dates.ts).
 */
export function monthLabel(month: string, language = i18next.language) {
  const names = i18next.t('common:monthsShort', { lng: language }).split(' ');
  const [year, number] = month.split('-');
  return `${names[Number(number) - 1] ?? number} ${year!.slice(2)}`;
}
