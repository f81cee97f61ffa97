// Calendar arithmetic on business dates (yyyy-MM-dd, Asia/Dubai: the caller says which day is today). Zod-free, so the
// first page and the server share it.

export type CalendarMonth = { year: number; month: number };

const pad = (n: number) => String(n).padStart(2, '0');

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export function monthOf(date: string): CalendarMonth {
  return { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)) };
}

export function nextMonth(m: CalendarMonth): CalendarMonth {
  return m.month === 12 ? { year: m.year + 1, month: 1 } : { year: m.year, month: m.month + 1 };
}

export function previousMonth(m: CalendarMonth): CalendarMonth {
  return m.month === 1 ? { year: m.year - 1, month: 12 } : { year: m.year, month: m.month - 1 };
}

// The month's first and last day
export function monthRange(m: CalendarMonth): { from: string; to: string } {
  const last = new Date(Date.UTC(m.year, m.month, 0)).getUTCDate();
  return { from: dayOfMonth(m, 1), to: dayOfMonth(m, last) };
}

// 'yyyy-MM', as file names and sheets name a month
export function monthKey(m: CalendarMonth): string {
  return `${m.year}-${pad(m.month)}`;
}

// A given day of the month: dayOfMonth({ year: 2026, month: 12 }, 3) = '2026-12-03'
export function dayOfMonth(m: CalendarMonth, day: number): string {
  return `${m.year}-${pad(m.month)}-${pad(day)}`;
}
