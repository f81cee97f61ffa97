import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayOfMonth,
  monthKey,
  monthOf,
  monthRange,
  nextMonth,
  parseTypedDate,
  previousMonth,
} from './calendar.ts';
import { formatDisplayDate } from './constants.ts';
import { licenceState } from './company-rules.ts';

describe('addDays', () => {
  it('moves across month and year ends, and back', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-05-10', 0)).toBe('2026-05-10');
    expect(addDays('2026-01-01', 365)).toBe('2027-01-01');
  });
});

describe('calendar months', () => {
  it('reads the month of a date and steps over the year end both ways', () => {
    expect(monthOf('2026-11-28')).toEqual({ year: 2026, month: 11 });
    expect(nextMonth({ year: 2026, month: 12 })).toEqual({ year: 2027, month: 1 });
    expect(previousMonth({ year: 2027, month: 1 })).toEqual({ year: 2026, month: 12 });
    expect(nextMonth({ year: 2026, month: 4 })).toEqual({ year: 2026, month: 5 });
  });

  it("gives a month's first and last day, leap Februaries included", () => {
    expect(monthRange({ year: 2026, month: 2 })).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(monthRange({ year: 2028, month: 2 })).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthRange({ year: 2100, month: 2 })).toEqual({ from: '2100-02-01', to: '2100-02-28' });
    expect(monthRange({ year: 2026, month: 4 })).toEqual({ from: '2026-04-01', to: '2026-04-30' });
    expect(monthRange({ year: 2026, month: 12 })).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });

  it("names a month 'yyyy-MM' and a day of it 'yyyy-MM-dd'", () => {
    expect(monthKey({ year: 2026, month: 3 })).toBe('2026-03');
    expect(dayOfMonth({ year: 2026, month: 12 }, 3)).toBe('2026-12-03');
  });
});

describe('parseTypedDate (SPEC §9: DD.MM.YYYY or YYYY-MM-DD)', () => {
  it('reads the dotted, slashed and dashed day-first spellings and the ISO one', () => {
    expect(parseTypedDate('31.03.2028')).toBe('2028-03-31');
    expect(parseTypedDate('31/03/2028')).toBe('2028-03-31');
    expect(parseTypedDate('1-3-2028')).toBe('2028-03-01');
    expect(parseTypedDate(' 2028-03-31 ')).toBe('2028-03-31');
  });

  it('refuses days the calendar does not have and other text', () => {
    expect(parseTypedDate('29.02.2027')).toBeNull();
    expect(parseTypedDate('31.04.2028')).toBeNull();
    expect(parseTypedDate('2028-13-01')).toBeNull();
    expect(parseTypedDate('03/31/2028')).toBeNull();
    expect(parseTypedDate('tomorrow')).toBeNull();
    expect(parseTypedDate('')).toBeNull();
  });
});

describe("formatDisplayDate (SPEC §9: 'dd MMM, yy')", () => {
  it('uses one table of month names in both languages', () => {
    expect(formatDisplayDate('2026-03-05', 'en')).toBe('05 Mar, 26');
    expect(formatDisplayDate('2026-11-27', 'ru')).toBe('27 нояб., 26');
    expect(formatDisplayDate('2026-05-01T10:00:00Z', 'ru')).toBe('01 мая, 26');
  });

  it('leaves what is no date as it is', () => {
    expect(formatDisplayDate('soon', 'en')).toBe('soon');
    expect(formatDisplayDate('2026-13-01', 'en')).toBe('2026-13-01');
  });
});

describe('licenceState: a trade licence is valid through its expiry day, expiring 30 days before', () => {
  it('is valid until 30 days before the expiry, expiring from then through the day, expired after', () => {
    expect(licenceState('2026-06-30', '2026-05-30')).toBe('valid');
    expect(licenceState('2026-06-30', '2026-05-31')).toBe('expiring');
    expect(licenceState('2026-06-30', '2026-06-30')).toBe('expiring');
    expect(licenceState('2026-06-30', '2026-07-01')).toBe('expired');
  });
});
