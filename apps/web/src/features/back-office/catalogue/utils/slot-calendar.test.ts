import { describe, expect, it } from 'vitest';
import type { AdminSlot } from '@portal/contract';
import { isoWeekday, monthCells, monthTitle, slotsByDate, toggledSelection } from './slot-calendar';

const slot = (id: number, date: string, time: string | null): AdminSlot => ({
  id,
  date,
  time,
  capacity: 8,
  sold: 0,
  held: 0,
  left: 8,
  leftAdults: null,
  leftChildren: null,
  isClosed: false,
});

describe('the slot calendar', () => {
  it('numbers weekdays from Monday (1) to Sunday (7)', () => {
    expect(isoWeekday('2026-06-01')).toBe(1);
    expect(isoWeekday('2026-06-07')).toBe(7);
    expect(isoWeekday('2026-03-05')).toBe(4);
  });

  it('lays a month out from Monday: blank cells before the 1st, then every day', () => {
    // March 2026 starts on a Sunday: six blank cells
    const march = monthCells({ year: 2026, month: 3 });
    expect(march.slice(0, 7)).toEqual([null, null, null, null, null, null, '2026-03-01']);
    expect(march).toHaveLength(6 + 31);
    expect(march.at(-1)).toBe('2026-03-31');
    // June 2026 starts on a Monday: none
    expect(monthCells({ year: 2026, month: 6 })[0]).toBe('2026-06-01');
    expect(monthCells({ year: 2028, month: 2 })).toHaveLength(1 + 29);
  });

  it('groups slots by date in the order the server sent them', () => {
    const byDate = slotsByDate([
      slot(1, '2026-03-05', '10:00'),
      slot(2, '2026-03-06', null),
      slot(3, '2026-03-05', '15:00'),
    ]);
    expect([...byDate.keys()]).toEqual(['2026-03-05', '2026-03-06']);
    expect(byDate.get('2026-03-05')?.map((s) => s.id)).toEqual([1, 3]);
  });

  it('names the month with a capital letter in both languages', () => {
    expect(monthTitle({ year: 2026, month: 11 }, 'en')).toBe('November 2026');
    expect(monthTitle({ year: 2026, month: 11 }, 'ru')).toBe('Ноябрь 2026 г.');
  });
});

describe('toggledSelection', () => {
  it('chooses slots that are not all chosen, and unchooses them when they all are', () => {
    expect([...toggledSelection(new Set([1]), [1, 2])]).toEqual([1, 2]);
    expect([...toggledSelection(new Set([1, 2, 3]), [1, 2])]).toEqual([3]);
  });

  it('sets them as told, and leaves the given set as it was', () => {
    const current = new Set([1, 2]);
    expect([...toggledSelection(current, [2, 3], true)]).toEqual([1, 2, 3]);
    expect([...toggledSelection(current, [2, 3], false)]).toEqual([1]);
    expect([...current]).toEqual([1, 2]);
  });
});
