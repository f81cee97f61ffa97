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

// yyyy-MM-dd read with arithmetic: these checks run on every availability read, where building Date objects and
// splitting strings cost more than the rest of a cached answer
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function digitsAt(value: string, start: number, count: number): number {
  let n = 0;
  for (let i = start; i < start + count; i++) {
    const digit = value.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return Number.NaN;
    n = n * 10 + digit;
  }
  return n;
}

const isLeapYear = (y: number) => y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);

// A real day of the calendar, written yyyy-MM-dd (years before 100 are refused, as they always were)
export function isCalendarDate(value: string): boolean {
  if (value.length !== 10 || value.charCodeAt(4) !== 45 || value.charCodeAt(7) !== 45) return false;
  const y = digitsAt(value, 0, 4);
  const m = digitsAt(value, 5, 2);
  const d = digitsAt(value, 8, 2);
  if (!(y >= 100 && m >= 1 && m <= 12 && d >= 1)) return false;
  return d <= (DAYS_IN_MONTH[m - 1] ?? 0) + (m === 2 && isLeapYear(y) ? 1 : 0);
}

// Days since 1970-01-01 of a yyyy-MM-dd date (the proleptic Gregorian calendar, counted in 400-year eras)
function dayNumber(date: string): number {
  const m = digitsAt(date, 5, 2);
  const y = digitsAt(date, 0, 4) - (m <= 2 ? 1 : 0);
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * ((m + 9) % 12) + 2) / 5) + digitsAt(date, 8, 2) - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

// Days from a to b (both yyyy-MM-dd), e.g. 2026-01-01 → 2026-01-31 is 30
export function daysBetween(a: string, b: string): number {
  return dayNumber(b) - dayNumber(a);
}
