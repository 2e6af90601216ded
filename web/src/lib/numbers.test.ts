import { describe, expect, it } from 'vitest';
import { indianNumber } from './numbers.ts';

// The browser's own formatter (Node's ICU here) is the reference.
const intl = new Intl.NumberFormat('en-IN');

describe('numbers as the portal writes them', () => {
  it.each([0, 7, 999, 1000, 35_000, 1_00_000, 12_34_567, 1_23_45_67_890, 2.5, 0.125, 1.0005, 12_345.6789, -4_500, -0.0001])(
    'writes %d as en-IN does',
    (value) => {
      expect(indianNumber(value)).toBe(intl.format(value));
    },
  );
});
