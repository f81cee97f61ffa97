import { describe, expect, it } from 'vitest';
import { dubaiInstant } from './availability.service.ts';

// dubaiInstant adds a valid time to its date's midnight, remembered: it must be exactly Date.parse of the ISO text,
// for every time of a day, on the days where calendars turn, and for what is not a valid date or time
const parsed = (date: string, time: string) => Date.parse(`${date}T${time}:00+04:00`);

describe('dubaiInstant', () => {
  it('is Date.parse of the Dubai date and time, for every minute of the days where calendars turn', () => {
    for (const date of ['2026-11-30', '2026-12-31', '2027-01-01', '2028-02-29', '2027-02-28', '1999-12-31'])
      for (let minute = 0; minute < 24 * 60; minute++) {
        const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
        expect(dubaiInstant(date, time)).toBe(parsed(date, time));
      }
    expect(new Date(dubaiInstant('2026-12-01', '08:00')).toISOString()).toBe('2026-12-01T04:00:00.000Z');
    expect(new Date(dubaiInstant('2027-01-01', '02:30')).toISOString()).toBe('2026-12-31T22:30:00.000Z');
  });

  it('says what Date.parse says of an invalid date or time (NaN, or its own reading)', () => {
    const cases: [string, string][] = [
      ['2026-12-01', '24:00'],
      ['2026-12-01', '25:00'],
      ['2026-12-01', '10:60'],
      ['2026-12-01', '9:00'],
      ['2026-12-01', ''],
      ['2026-02-30', '10:00'],
      ['2026-13-01', '10:00'],
      ['not a date', '10:00'],
      ['', '10:00'],
    ];
    for (const [date, time] of cases) expect(dubaiInstant(date, time)).toStrictEqual(parsed(date, time));
    // asked twice, the remembered midnight answers the same
    expect(dubaiInstant('not a date', '10:00')).toBeNaN();
  });
});
