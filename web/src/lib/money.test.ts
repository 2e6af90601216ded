import { describe, expect, it } from 'vitest';
import { rupees, rupeesExact, shortRupees } from './money.ts';

// What the browser's own formatter writes (Node's ICU here) is the reference for the exact forms.
const intlRupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
const intlPaise = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 });
const AMOUNTS = [
  0, -0, 5, 999, 1000, 12_345, 99_999, 1_00_000, 1_23_456, 12_34_567.5, 9_99_99_999, 1_23_45_67_89_012, -12_345, -0.4, -0.5, 0.5,
  1.5, 2.5, 3.5, 1e15,
];
const FRACTIONS = [0.5, 8_50_000.5, 1.005, 12.345, -3.25, -0.001, 0.125, 2.675, 1e-7, 1_23_456.785, 99.995];

describe('rupees as the portal writes them', () => {
  it.each(AMOUNTS)('writes %d in whole rupees, grouped in lakhs and crores, as Intl would', (amount) => {
    expect(rupees(amount)).toBe(intlRupees.format(amount));
  });
  it.each(FRACTIONS)('writes %d with paise, rounded as Intl would', (amount) => {
    expect(rupeesExact(amount)).toBe(intlPaise.format(amount));
  });
  it('writes whole amounts without paise', () => {
    expect(rupeesExact(8_50_000)).toBe('₹8,50,000');
    expect(rupeesExact(8_50_000.5)).toBe('₹8,50,000.50');
  });
});

describe('short rupees of a chart axis', () => {
  it.each([
    [0, '₹0', '₹0'],
    [999, '₹999', '₹999'],
    [1_000, '₹1K', '₹1 हज़ार'],
    [12_345, '₹12.3K', '₹12.3 हज़ार'],
    [99_999, '₹1L', '₹1 लाख'],
    [1_50_000, '₹1.5L', '₹1.5 लाख'],
    [9_99_950, '₹10L', '₹10 लाख'],
    [99_99_999, '₹1Cr', '₹1 क॰'],
    [1_23_45_678, '₹1.2Cr', '₹1.2 क॰'],
    [12_34_56_78_901, '₹1,234.6Cr', '₹1,234.6 क॰'],
    [-1_500, '-₹1.5K', '-₹1.5 हज़ार'],
  ])('writes %d as %s, and in Hindi as %s', (amount, english, hindi) => {
    expect(shortRupees(amount, 'en')).toBe(english);
    expect(shortRupees(amount, 'hi')).toBe(hindi);
  });
});
