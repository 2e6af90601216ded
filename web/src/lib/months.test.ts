import { describe, expect, it } from 'vitest';
import { setLanguage } from '../i18n/index.ts';
import { monthLabel } from './months.ts';

describe('a chart month', () => {
  it('is the short month and two-digit year in the page’s language', async () => {
    expect(monthLabel('2026-04')).toBe('Apr 26');
    expect(monthLabel('2025-12', 'en')).toBe('Dec 25');
    await setLanguage('hi');
    expect(monthLabel('2026-01')).toBe('जन॰ 26');
    expect(monthLabel('2026-10', 'en')).toBe('Oct 26');
  });
});
