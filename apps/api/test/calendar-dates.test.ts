import { describe, expect, it } from 'vitest';
import { daysBetween, isCalendarDate, parseTypedDate } from '@portal/contract';

// The contract reads dates with arithmetic (they are checked on every availability read); JavaScript's own Date is
// the reference they must agree with, day by day, including leap years and every malformed spelling
const ymd = (y: number, m: number, d: number) =>
  `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

function byDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

describe('calendar dates', () => {
  it('accepts exactly the days of the calendar', () => {
    for (let y = 1890; y <= 2110; y++)
      for (let m = 0; m <= 13; m++)
        for (let d = 0; d <= 32; d++) {
          const value = ymd(y, m, d);
          if (isCalendarDate(value) !== byDate(value)) expect.fail(`${value}: ${isCalendarDate(value)}`);
        }
    expect(['2024-02-29', '2000-02-29', '2400-02-29'].every(isCalendarDate)).toBe(true);
    expect(
      ['2025-02-29', '1900-02-29', '2100-02-29', '2026-04-31', '2026-00-10', '2026-13-01'].some(isCalendarDate),
    ).toBe(false);
  });

  it('refuses every other spelling', () => {
    for (const value of [
      '',
      '2026-1-01',
      '2026-01-1',
      '2026/01/01',
      '2026-01-01 ',
      ' 2026-01-01',
      '２０２６-01-01',
      '+026-01-01',
      '-026-01-01',
      '2026-0a-01',
      '20260-1-01',
      '0050-01-01',
    ])
      expect([value, isCalendarDate(value)]).toEqual([value, false]);
  });

  it('counts the days between two dates as Date does', () => {
    const dates: string[] = [];
    for (let y = 1890; y <= 2410; y += 7)
      for (const [m, d] of [
        [1, 1],
        [2, 28],
        [2, 29],
        [3, 1],
        [12, 31],
      ] as const)
        if (byDate(ymd(y, m, d))) dates.push(ymd(y, m, d));
    const reference = (a: string, b: string) =>
      Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
    for (const [i, a] of dates.entries())
      for (const b of dates.filter((_, j) => (i + j) % 11 === 0)) expect(daysBetween(a, b)).toBe(reference(a, b));
    expect(daysBetween('2026-01-01', '2026-01-31')).toBe(30);
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(daysBetween('2026-03-01', '2026-02-28')).toBe(-1);
  });
});

describe('dates typed in a field (SPEC §9: DD.MM.YYYY and YYYY-MM-DD)', () => {
  it('reads DD.MM.YYYY (and / or - between), and YYYY-MM-DD, as yyyy-MM-dd', () => {
    expect(parseTypedDate('27.11.2026')).toBe('2026-11-27');
    expect(parseTypedDate(' 1.2.2028 ')).toBe('2028-02-01');
    expect(parseTypedDate('31/12/2026')).toBe('2026-12-31');
    expect(parseTypedDate('29-02-2028')).toBe('2028-02-29');
    expect(parseTypedDate('2026-11-27')).toBe('2026-11-27');
  });

  it('refuses what is no day of the calendar, or no date at all', () => {
    for (const text of [
      '29.02.2027',
      '31.04.2026',
      '00.01.2026',
      '12.13.2026',
      '2026-02-30',
      '11/27/26',
      '27 Nov, 26',
      '',
      'tomorrow',
      '27.11.2026x',
    ])
      expect(parseTypedDate(text), text).toBeNull();
  });

  it('agrees with the calendar on every day of four years, typed both ways', () => {
    for (let day = 0; day < 4 * 366; day++) {
      const iso = new Date(Date.UTC(2026, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);
      expect(parseTypedDate(iso)).toBe(iso);
      expect(parseTypedDate(iso.split('-').reverse().join('.'))).toBe(iso);
    }
  });
});
