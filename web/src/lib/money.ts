import i18next from '../i18n/index.ts';
import { grouped, scaledBy } from './numbers.ts';

/*
 * Rupees written by hand (lib/numbers.ts says why): the three Intl.NumberFormat this module made,
 * two at its start, were some 60 ms of /partnerdashboard's main thread on a 4x-throttled trace.
 */

function formatRupees(amount: number, fractionDigits: 0 | 2) {
  const sign = amount < 0 || Object.is(amount, -0) ? '-' : '';
  const scaled = scaledBy(Math.abs(amount), fractionDigits);
  if (fractionDigits === 0) return `${sign}₹${grouped(String(scaled))}`;
  return `${sign}₹${grouped(String(Math.floor(scaled / 100)))}.${String(scaled % 100).padStart(2, '0')}`;
}

/** Rupees as Indians write them: ₹12,34,567. */
export const rupees = (amount: number) => formatRupees(amount, 0);
/** Rupees with paise where there are any (a bid is exact): ₹8,50,000 but ₹8,50,000.50. */
export const rupeesExact = (amount: number) => formatRupees(amount, Number.isInteger(amount) ? 0 : 2);

/** From the largest; the last is the plain amount. */
const SHORT_UNITS = [
  { size: 1e7, en: 'Cr', hi: ' क॰' },
  { size: 1e5, en: 'L', hi: ' लाख' },
  { size: 1e3, en: 'K', hi: ' हज़ार' },
  { size: 1, en: '', hi: '' },
] as const;

/** One decimal at most, none when it is 0: 1.5, 12, 1,234.6. */
const short = (tenths: number) => {
  const whole = grouped(String(Math.floor(tenths / 10)));
  return tenths % 10 ? `${whole}.${tenths % 10}` : whole;
};

/**
 * Short rupees for chart axes in the page's language: ₹12L, ₹1.2Cr; ₹12 लाख, ₹1.2 क॰ in Hindi.
 * The largest unit the amount reaches, or the next one up when the amount rounds to it (₹99,999
 * is ₹1L, not ₹100K), as Intl's compact notation does; past a thousand crore the crores are
 * grouped (₹1,234.6Cr).
 */
export function shortRupees(amount: number, language = i18next.language) {
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  let index = SHORT_UNITS.findIndex(({ size }) => abs >= size);
  if (index === -1) index = SHORT_UNITS.length - 1;
  const tenthsIn = (i: number) => scaledBy(abs / SHORT_UNITS[i]!.size, 1);
  // Rounding may carry into the next unit up: 99.99K is 100K, which is 1L.
  if (index > 0 && tenthsIn(index) >= (SHORT_UNITS[index - 1]!.size / SHORT_UNITS[index]!.size) * 10) index -= 1;
  const unit = SHORT_UNITS[index]!;
  return `${sign}₹${short(tenthsIn(index))}${language === 'hi' ? unit.hi : unit.en}`;
}
