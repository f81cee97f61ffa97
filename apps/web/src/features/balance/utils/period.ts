import { isCalendarDate, monthOf, monthRange, previousMonth } from '@portal/contract';
import { todayInDubai } from '@/lib/format';

export type Period = { from: string; to: string };

// SPEC §9 minimum date; the statement accepts at most 366 days (MONEY_MESSAGES.statementRange)
export const FIRST_YEAR = 2020;
const MAX_DAYS = 365;

// The statement opens on the current month in Asia/Dubai
export function currentMonth(): Period {
  return monthRange(monthOf(todayInDubai()));
}

export function lastMonth(): Period {
  return monthRange(previousMonth(monthOf(todayInDubai())));
}

const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;

export function isValidPeriod(from: string, to: string): boolean {
  return from <= to && daysBetween(from, to) <= MAX_DAYS;
}

// A period from the URL, if it is one the server accepts; else the current month
export function readPeriod(from: string | null, to: string | null): Period {
  if (from && to && isCalendarDate(from) && isCalendarDate(to) && isValidPeriod(from, to)) return { from, to };
  return currentMonth();
}

export function currentYear(): number {
  return Number(todayInDubai().slice(0, 4));
}

export function yearsToChoose(): number[] {
  const years: number[] = [];
  for (let year = currentYear(); year >= FIRST_YEAR; year -= 1) years.push(year);
  return years;
}
