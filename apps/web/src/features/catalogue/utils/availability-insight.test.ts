import { describe, expect, it } from 'vitest';
import { InsightEventInput, type AvailabilityRow, type Offer } from '@portal/contract';
import { availabilityAsked, unservedReason } from './availability-insight';

// Issue 31 "demand not served": the reason nothing could be booked, from what the tour page shows
const limits = { minPeople: 1, maxPeople: 20, pricingUnit: 'person' } as const;
const row = (changes: Partial<AvailabilityRow> = {}): AvailabilityRow => ({
  offerId: 9,
  date: '2026-05-02',
  time: '18:00',
  left: 10,
  isSameTicketForAdultsAndChildren: false,
  leftAdultsTickets: null,
  leftChildrenTickets: null,
  isSoldOut: false,
  isPastCutOff: false,
  isInstant: true,
  ...changes,
});
const two = { adults: 2, children: 0, infants: 0 };

describe('unservedReason', () => {
  it('says why nothing could be booked', () => {
    expect(unservedReason(limits, two, [])).toBe('no_slot');
    expect(unservedReason(limits, two, [row({ isSoldOut: true, left: 0 })])).toBe('sold_out');
    expect(unservedReason(limits, { adults: 5, children: 0, infants: 0 }, [row({ left: 3 })])).toBe('not_enough_seats');
    expect(unservedReason(limits, two, [row({ isPastCutOff: true })])).toBe('past_cut_off');
  });

  it('is none when one time could be booked', () => {
    expect(unservedReason(limits, two, [row({ isSoldOut: true, left: 0 }), row({ time: '20:00' })])).toBeNull();
    // a people rule (too few, too many) is the agent's to fix, not stock the tours company lacked
    expect(unservedReason({ ...limits, minPeople: 3 }, two, [row()])).toBeNull();
  });
});

describe('availabilityAsked', () => {
  const offer = { id: 9, availabilityType: 'timeslots', ...limits } as unknown as Offer;

  it('records the chosen time, the people, what was free and the reason', () => {
    const slots = [row({ time: '18:00', left: 1 }), row({ time: '20:00', left: 8 })];
    const asked = { tourId: 7, offer, date: '2026-05-02', people: { adults: 2, children: 1, infants: 0 } };
    expect(availabilityAsked({ ...asked, time: '18:00' }, slots)).toEqual({
      kind: 'availability',
      tourId: 7,
      offerId: 9,
      date: '2026-05-02',
      seats: 3,
      reason: 'not_enough_seats',
      props: { left: 1, time: '18:00' },
    });
    // what the server takes: the contract's shape
    const sent = { ...availabilityAsked({ ...asked, time: '18:00' }, slots), path: '/tour' };
    expect(InsightEventInput.safeParse(sent).success).toBe(true);
    // before a time is chosen, the whole day: the most one time had
    expect(availabilityAsked({ ...asked, time: null }, slots)).toEqual({
      kind: 'availability',
      tourId: 7,
      offerId: 9,
      date: '2026-05-02',
      seats: 3,
      props: { left: 8, time: null },
    });
  });
});
