import { describe, expect, it } from 'vitest';
import { AvailabilityResponse, type AvailabilityRow } from '@portal/contract';
import { availabilityRowsJson } from './availability.service.ts';

// The cached availability reads write their rows' JSON themselves (availabilityRowsJson): it must be, byte for byte,
// what the route's response schema and JSON.stringify give for the same rows
const expected = (rows: AvailabilityRow[]) => JSON.stringify(AvailabilityResponse.parse(rows));

// `count` varied rows, the same on every run (a small deterministic generator)
function variedRows(count: number): AvailabilityRow[] {
  let state = 7;
  const next = (n: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state % n;
  };
  return Array.from({ length: count }, () => {
    const isSame = next(2) === 0;
    return {
      offerId: 1 + next(2_000_000),
      date: `2026-${String(1 + next(12)).padStart(2, '0')}-${String(1 + next(28)).padStart(2, '0')}`,
      time: next(4) === 0 ? null : `${String(next(24)).padStart(2, '0')}:${String(next(60)).padStart(2, '0')}`,
      left: next(3) === 0 ? 0 : next(100_000),
      isSameTicketForAdultsAndChildren: isSame,
      leftAdultsTickets: isSame ? next(50) : null,
      leftChildrenTickets: isSame ? next(50) : null,
      isSoldOut: next(2) === 0,
      isPastCutOff: next(2) === 0,
      isInstant: next(2) === 0,
    };
  });
}

describe('availabilityRowsJson', () => {
  it('writes what the schema and JSON.stringify give, for 2,000 varied rows', () => {
    const rows = variedRows(2000);
    expect(availabilityRowsJson(rows)).toBe(expected(rows));
    expect(JSON.parse(availabilityRowsJson(rows))).toEqual(rows);
  });

  it('escapes what JSON must escape, and writes an empty list as []', () => {
    const odd = variedRows(2).map((row) => ({ ...row, date: '2026-12-01"\\\n', time: '10:00\u2028' }));
    expect(availabilityRowsJson(odd)).toBe(expected(odd));
    expect(availabilityRowsJson([])).toBe('[]');
  });
});
