import { describe, expect, it } from 'vitest';
import type { AdminOffer } from '@portal/contract';
import { emptyPeriod, offerBody, offerValues, periodsBody, periodValues } from './offer-form';

const offer: AdminOffer = {
  id: 9,
  tourId: 4,
  name: { en: 'Sunrise kayak', ru: 'Каяк на рассвете' },
  description: { en: '', ru: '' },
  pricingUnit: 'person',
  availabilityType: 'timeslots',
  startTimes: ['10:00', '15:00'],
  openingTime: null,
  closingTime: null,
  slotCapacity: 8,
  isSameTicketForAdultsAndChildren: false,
  adultCapacity: null,
  childCapacity: null,
  minPeople: 1,
  maxPeople: 6,
  cutOffHours: 12,
  isInstant: true,
  cancellationPolicy: [{ hours: 24, percents: 100 }],
  ticketTypeId: 2,
  infantMaxAge: 2,
  childMaxAge: 11,
  isActive: true,
  periods: [
    {
      id: 31,
      validFrom: '2026-01-01',
      validTo: '2026-12-31',
      netAdult: 150,
      netChild: 90,
      netTrip: null,
      recAdult: 210,
      recChild: 130,
      recTrip: null,
    },
  ],
};

describe('the offer form', () => {
  it('starts a new offer with the defaults and the first ticket type', () => {
    const values = offerValues(null, '5');
    expect(values).toMatchObject({
      pricingUnit: 'person',
      availabilityType: 'timeslots',
      slotCapacity: 20,
      adultCapacity: '',
      minPeople: 1,
      maxPeople: 10,
      cutOffHours: 24,
      ticketTypeId: '5',
      cancellationPolicy: [
        { hours: 24, percents: 100 },
        { hours: 0, percents: 0 },
      ],
    });
  });

  it('sends back what it was given, the ticket type as a number', () => {
    const { periods: _periods, id: _id, tourId: _tourId, ...rules } = offer;
    expect(offerBody(offerValues(offer, null))).toEqual(rules);
  });

  it('sends only the fields of the chosen availability and ticket kind', () => {
    const values = {
      ...offerValues(offer, null),
      availabilityType: 'openingHours' as const,
      openingTime: '09:00',
      closingTime: '',
      adultCapacity: 4,
    };
    expect(offerBody(values)).toMatchObject({
      startTimes: [],
      openingTime: '09:00',
      closingTime: null,
      adultCapacity: null,
      childCapacity: null,
    });
    const shared = { ...offerValues(offer, null), isSameTicketForAdultsAndChildren: true, adultCapacity: 4 };
    expect(offerBody(shared)).toMatchObject({ adultCapacity: 4, childCapacity: null });
  });

  it('sends an empty number as 0 for the server to refuse with its own message', () => {
    const values = { ...offerValues(offer, null), minPeople: '', cutOffHours: '' };
    expect(offerBody(values)).toMatchObject({ minPeople: 0, cutOffHours: 0 });
  });
});

describe('the price periods', () => {
  it('start with one empty period of a year from today when the offer has none', () => {
    expect(periodValues({ ...offer, periods: [] }, '2026-03-05')).toEqual([emptyPeriod('2026-03-05')]);
    expect(emptyPeriod('2026-03-05')).toMatchObject({ validFrom: '2026-03-05', validTo: '2027-03-05', netAdult: '' });
  });

  it("hold the offer's periods with empty fields for the prices it has not", () => {
    expect(periodValues(offer, '2026-03-05')).toEqual([
      {
        validFrom: '2026-01-01',
        validTo: '2026-12-31',
        netAdult: 150,
        netChild: 90,
        netTrip: '',
        recAdult: 210,
        recChild: 130,
        recTrip: '',
      },
    ]);
  });

  it('send person prices for a per-person option and trip prices for a per-trip one, empty as null', () => {
    const period = { ...emptyPeriod('2026-03-05'), netAdult: 150, recAdult: 210, netTrip: 900, recTrip: 1200 };
    expect(periodsBody([period], false)).toEqual([
      {
        validFrom: '2026-03-05',
        validTo: '2027-03-05',
        netAdult: 150,
        netChild: null,
        netTrip: null,
        recAdult: 210,
        recChild: null,
        recTrip: null,
      },
    ]);
    expect(periodsBody([period], true)[0]).toMatchObject({
      netAdult: null,
      recAdult: null,
      netTrip: 900,
      recTrip: 1200,
    });
  });
});
