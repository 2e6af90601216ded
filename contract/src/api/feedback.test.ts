import { describe, expect, it } from 'vitest';
import { feedbackPeriodOf } from './feedback.ts';

describe('feedbackPeriodOf', () => {
  it('names the quarter of the Indian financial year (April to March)', () => {
    expect(feedbackPeriodOf(new Date('2026-04-01T00:00:00Z'))).toBe('FY2026-27 Q1');
    expect(feedbackPeriodOf(new Date('2026-09-30T23:59:59Z'))).toBe('FY2026-27 Q2');
    expect(feedbackPeriodOf(new Date('2026-11-25T10:00:00Z'))).toBe('FY2026-27 Q3');
    expect(feedbackPeriodOf(new Date('2027-03-31T12:00:00Z'))).toBe('FY2026-27 Q4');
    expect(feedbackPeriodOf(new Date('2100-01-15T00:00:00Z'))).toBe('FY2099-00 Q4');
  });
});
