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

// SPEC §9: a date typed as DD.MM.YYYY (also 31/03/2028, 31-03-2028) or YYYY-MM-DD, as yyyy-MM-dd; null when it is no
// real calendar date. Every field where a date is typed reads it with this.
export function parseTypedDate(text: string): string | null {
  const value = text.trim();
  const dotted = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/.exec(value);
  const iso = dotted ? `${dotted[3]}-${pad(Number(dotted[2]))}-${pad(Number(dotted[1]))}` : value;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) return null;
  const time = Date.parse(`${iso}T00:00:00Z`);
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === iso ? iso : null;
}
