import { describe, expect, it } from 'vitest';
import { lastDueMonthEnd } from './dues.ts';

// SPEC §9: credit used in a month is due 30 days after the month's end
describe('lastDueMonthEnd', () => {
  it.each([
    ['2026-11-23', '2026-09-30'],
    ['2026-11-30', '2026-09-30'],
    ['2026-12-01', '2026-10-31'],
    ['2026-03-02', '2025-12-31'],
    ['2026-03-03', '2026-01-31'],
    ['2026-01-15', '2025-11-30'],
    ['2024-03-31', '2024-02-29'],
  ])('on %s the last month end past its due date is %s', (today, end) => {
    expect(lastDueMonthEnd(today)).toBe(end);
  });
});
