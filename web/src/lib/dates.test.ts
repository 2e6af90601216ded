import { describe, expect, it } from 'vitest';
import { calendarDayOf, dateTimeOf, dayOf, timeOf } from './dates.ts';

describe('dates as the portal writes them', () => {
  const at = new Date(2026, 0, 5, 9, 7, 3);
  it('writes day/month/year with two-digit days and months', () => {
    expect(dayOf(at)).toBe('05/01/2026');
  });
  it('adds a 24-hour time, with seconds for the clock', () => {
    expect(dateTimeOf(at)).toBe('05/01/2026, 09:07');
    expect(dateTimeOf(new Date(2026, 11, 31, 23, 59, 59), true)).toBe('31/12/2026, 23:59:59');
  });
  it("reads the contract's ISO timestamps as the same instant", () => {
    expect(dateTimeOf(at.toISOString())).toBe('05/01/2026, 09:07');
    expect(dayOf(at.toISOString())).toBe('05/01/2026');
    expect(timeOf(at.toISOString(), true)).toBe('09:07:03');
  });
  it('writes a calendar day as it is, whatever the time zone', () => {
    expect(calendarDayOf('2026-02-28')).toBe('28/02/2026');
  });
});
