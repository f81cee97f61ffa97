import type { AdminSlot, Language } from '@portal/contract';
import { addDays, monthRange, type CalendarMonth } from '@portal/contract/plain';

// ISO weekday of a yyyy-MM-dd date, 1 Monday … 7 Sunday
export function isoWeekday(date: string): number {
  return ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
}

// A month as a calendar's cells, Monday first: null for each day before the 1st, then every date of the month
export function monthCells(month: CalendarMonth): (string | null)[] {
  const { from, to } = monthRange(month);
  const cells: (string | null)[] = Array.from({ length: isoWeekday(from) - 1 }, () => null);
  for (let date = from; date <= to; date = addDays(date, 1)) cells.push(date);
  return cells;
}

// The slots of each date, in the order the server sent them
export function slotsByDate(slots: readonly AdminSlot[]): Map<string, AdminSlot[]> {
  const byDate = new Map<string, AdminSlot[]>();
  for (const slot of slots) byDate.set(slot.date, [...(byDate.get(slot.date) ?? []), slot]);
  return byDate;
}

// 'November 2026', 'Ноябрь 2026 г.': only the first letter is raised (the Russian month is lower-case)
export function monthTitle(month: CalendarMonth, language: Language): string {
  const name = new Date(`${monthRange(month).from}T00:00:00Z`).toLocaleDateString(
    language === 'ru' ? 'ru-RU' : 'en-GB',
    { month: 'long', year: 'numeric', timeZone: 'UTC' },
  );
  return name.charAt(0).toUpperCase() + name.slice(1);
}

// The selection after toggling some slots: `on` sets them all; without it they flip together (all chosen → none)
export function toggledSelection(current: ReadonlySet<number>, ids: readonly number[], on?: boolean): Set<number> {
  const next = new Set(current);
  const value = on ?? !ids.every((id) => next.has(id));
  for (const id of ids)
    if (value) next.add(id);
    else next.delete(id);
  return next;
}
