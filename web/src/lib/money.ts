import i18next from '../i18n/index.ts';

const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
/** Rupees as Indians write them: ₹12,34,567. */
export const rupees = (amount: number) => inr.format(amount);
const inrPaise = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 });
/** Rupees with paise where there are any (a bid is exact): ₹8,50,000 but ₹8,50,000.50. */
export const rupeesExact = (amount: number) => (Number.isInteger(amount) ? inr : inrPaise).format(amount);
const compact = new Map<string, Intl.NumberFormat>();
/** Short rupees for chart axes in the page's language: ₹12L, ₹1.2Cr; ₹12 लाख, ₹1.2 क॰ in Hindi. */
export function shortRupees(amount: number, language = i18next.language) {
  const locale = language === 'hi' ? 'hi-IN' : 'en-IN';
  let format = compact.get(locale);
  if (!format) compact.set(locale, (format = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 })));
  return `₹${format.format(amount)}`;
}
