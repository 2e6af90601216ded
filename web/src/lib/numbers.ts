/*
 * Numbers written by hand in the Indian way, as lib/dates.ts writes dates: each Intl formatter
 * (toLocaleString among them) loads ICU's number formatter and the locale's data when it is made,
 * tens of milliseconds of a throttled phone's main thread the first time.
 */

/** Indian grouping of a whole number's digits: the last three, then pairs (12,34,567). */
export const grouped = (digits: string) => {
  const head = digits.slice(0, -3);
  const last = digits.slice(-3);
  return head ? `${head.replace(/\B(?=(\d{2})+$)/g, ',')},${last}` : last;
};

/**
 * The amount times 10^fractionDigits as a whole number, rounded half away from zero on the
 * number's decimal text (1.005 → 101 hundredths), as Intl rounds.
 */
export const scaledBy = (abs: number, fractionDigits: number) => {
  const text = String(abs);
  return Math.round(text.includes('e') ? abs * 10 ** fractionDigits : Number(`${text}e${fractionDigits}`));
};

/** A count or quantity as en-IN writes it: 35,000; 12,34,567.125 (three decimals at most, none of them trailing zeros). */
export function indianNumber(value: number) {
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  const thousandths = scaledBy(Math.abs(value), 3);
  const fraction = String(thousandths % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return `${sign}${grouped(String(Math.floor(thousandths / 1000)))}${fraction ? `.${fraction}` : ''}`;
}
