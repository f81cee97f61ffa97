import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentMonth, isValidPeriod, lastMonth, readPeriod, yearsToChoose } from './period';

// 2026-01-31 21:30 UTC is already 1 February in Asia/Dubai (UTC+4)
beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-01-31T21:30:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('statement periods', () => {
  it('open on the current month in Asia/Dubai, and the last one before it', () => {
    expect(currentMonth()).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(lastMonth()).toEqual({ from: '2026-01-01', to: '2026-01-31' });
  });

  it('accept at most 366 days, in order', () => {
    expect(isValidPeriod('2026-01-01', '2027-01-01')).toBe(true);
    expect(isValidPeriod('2026-01-01', '2027-01-02')).toBe(false);
    expect(isValidPeriod('2026-02-02', '2026-02-01')).toBe(false);
  });

  it('read a period from the URL only when the server would take it, else the current month', () => {
    expect(readPeriod('2025-12-01', '2025-12-31')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(readPeriod('2025-02-30', '2025-03-01')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(readPeriod(null, '2025-03-01')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
  });

  it('offer the years from this one back to 2020', () => {
    expect(yearsToChoose()).toEqual([2026, 2025, 2024, 2023, 2022, 2021, 2020]);
  });
});
