import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDay, formatFileSize, formatMoney, todayInDubai, xlsxNameOfToday } from './format';

describe('formatMoney', () => {
  it('shows two decimals in the currency and the language of the page', () => {
    expect(formatMoney(1234.5, 'aed', 'en')).toBe('AED\u00a01,234.50');
    expect(formatMoney(46.3, 'usd', 'en')).toBe('$46.30');
    expect(formatMoney(0, 'usd', 'en')).toBe('$0.00');
  });
});

describe('dates and moments in Asia/Dubai', () => {
  it("shows a moment as 'dd MMM, yy HH:mm' in Dubai (UTC+4)", () => {
    expect(formatDateTime('2026-03-05T20:30:00Z', 'en')).toBe('06 Mar, 26 00:30');
    expect(formatDateTime('2026-11-27T08:05:00Z', 'ru')).toBe('27 нояб., 26 12:05');
    expect(formatDateTime('not a date', 'en')).toBe('not a date');
  });

  it('shows the day of a date or of a moment', () => {
    expect(formatDay('2026-03-05', 'en')).toBe('05 Mar, 26');
    expect(formatDay('2026-03-05T20:30:00Z', 'en')).toBe('06 Mar, 26');
  });

  it("takes today's date in Dubai", () => {
    expect(todayInDubai(new Date('2026-01-31T20:00:00Z'))).toBe('2026-02-01');
    expect(todayInDubai(new Date('2026-01-31T19:59:59Z'))).toBe('2026-01-31');
  });

  it("names a list's spreadsheet after today's date in Dubai, whatever the browser's time zone", () => {
    expect(xlsxNameOfToday('bookings', new Date('2026-01-31T20:00:00Z'))).toBe('bookings-2026-02-01.xlsx');
    expect(xlsxNameOfToday('commissions', new Date('2026-01-31T19:59:59Z'))).toBe('commissions-2026-01-31.xlsx');
  });
});

describe('formatFileSize', () => {
  it('shows kilobytes, at least 1, below a megabyte and megabytes with one decimal from there', () => {
    expect(formatFileSize(10)).toBe('1 KB');
    expect(formatFileSize(839_680)).toBe('820 KB');
    expect(formatFileSize(1024 * 1024)).toBe('1.0 MB');
    expect(formatFileSize(3_565_158)).toBe('3.4 MB');
  });
});
