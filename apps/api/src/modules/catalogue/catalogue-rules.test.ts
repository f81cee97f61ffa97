import { describe, expect, it } from 'vitest';
import {
  AvailabilityQuery,
  OffersPricesQuery,
  checkPeopleAgainstAvailability,
  confirmationMode,
  imageSrcSet,
  refundPercent,
} from '@portal/contract';

const shared = { left: 5, isSameTicketForAdultsAndChildren: false, leftAdultsTickets: null, leftChildrenTickets: null };
const sameTicket = { left: 6, isSameTicketForAdultsAndChildren: true, leftAdultsTickets: 4, leftChildrenTickets: 2 };
const perPerson = { minPeople: 2, maxPeople: 8, pricingUnit: 'person' as const };

describe('checkPeopleAgainstAvailability (SPEC §5)', () => {
  it('asks for the minimum number of people', () => {
    expect(checkPeopleAgainstAvailability({ adults: 1, children: 0, infants: 0 }, shared, perPerson)).toEqual({
      ok: false,
      code: 'min',
      n: 2,
      message: 'Minimum number of people: 2',
    });
  });

  it('caps the group at the maximum number of people', () => {
    expect(
      checkPeopleAgainstAvailability({ adults: 6, children: 2, infants: 1 }, { ...shared, left: 50 }, perPerson),
    ).toEqual({
      ok: false,
      code: 'max',
      n: 8,
      message: 'Maximum number of people: 8',
    });
  });

  it('counts adults, children and infants against left when the ticket is not the same', () => {
    expect(checkPeopleAgainstAvailability({ adults: 3, children: 2, infants: 0 }, shared, perPerson)).toEqual({
      ok: true,
    });
    expect(checkPeopleAgainstAvailability({ adults: 3, children: 2, infants: 1 }, shared, perPerson)).toEqual({
      ok: false,
      code: 'stock',
      n: 5,
      message: 'No more available stock, max 5. Please contact admin.',
    });
  });

  it('checks adults and children each against their own stock when the ticket is the same, infants need none', () => {
    expect(
      checkPeopleAgainstAvailability({ adults: 4, children: 2, infants: 2 }, sameTicket, {
        ...perPerson,
        maxPeople: 10,
      }),
    ).toEqual({ ok: true });
    expect(checkPeopleAgainstAvailability({ adults: 5, children: 0, infants: 0 }, sameTicket, perPerson)).toMatchObject(
      {
        ok: false,
        code: 'stock',
        n: 4,
        message: 'No more available stock, max 4. Please contact admin.',
      },
    );
    expect(checkPeopleAgainstAvailability({ adults: 2, children: 3, infants: 0 }, sameTicket, perPerson)).toMatchObject(
      {
        ok: false,
        code: 'stock',
        n: 2,
        message: 'No more available stock, max 2. Please contact admin.',
      },
    );
  });

  it('takes one trip for a per-trip offer, whatever the group size', () => {
    const trip = { minPeople: 1, maxPeople: 6, pricingUnit: 'trip' as const };
    expect(
      checkPeopleAgainstAvailability({ adults: 6, children: 0, infants: 0 }, { ...shared, left: 1 }, trip),
    ).toEqual({ ok: true });
    expect(
      checkPeopleAgainstAvailability({ adults: 2, children: 0, infants: 0 }, { ...shared, left: 0 }, trip),
    ).toMatchObject({ ok: false, code: 'stock', n: 0 });
  });
});

describe('cancellation and confirmation rules', () => {
  const policy = [
    { hours: 24, percents: 50 },
    { hours: 48, percents: 100 },
  ];
  it.each([
    [72, 100],
    [48, 100],
    [30, 50],
    [24, 50],
    [23, 0],
  ])('refunds %i hours before the start at %i %%', (hours, percent) => {
    expect(refundPercent(policy, hours)).toBe(percent);
  });

  it('turns a booking into a request when the offer is not instant or the cut-off has passed', () => {
    expect(confirmationMode({ isInstant: true }, { isPastCutOff: false })).toBe('instant');
    expect(confirmationMode({ isInstant: false }, { isPastCutOff: false })).toBe('request');
    expect(confirmationMode({ isInstant: true }, { isPastCutOff: true })).toBe('request');
  });
});

describe('catalogue query schemas', () => {
  const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    result.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

  it('accepts a range of up to 366 days and parses the id', () => {
    expect(AvailabilityQuery.parse({ id: '7', from: '2028-01-01', to: '2028-12-31' })).toEqual({
      id: 7,
      from: '2028-01-01',
      to: '2028-12-31',
    });
  });

  it.each([
    [{ id: '7', from: '2027-02-01', to: '2027-01-01' }, [['from', 'The start date must not be after the end date']]],
    [{ id: '7', from: '2027-01-01', to: '2028-01-02' }, [['to', 'The date range cannot be longer than 366 days']]],
    [{ id: '7', from: '2027-02-30', to: '2027-03-01' }, [['from', 'Use the format yyyy-MM-dd']]],
    [{ id: '7', from: '01.02.2027', to: '2027-03-01' }, [['from', 'Use the format yyyy-MM-dd']]],
    [{ id: '7', from: '2020-01-31', to: '2020-03-01' }, [['from', 'Dates before 2020-02-01 are not available']]],
    [{ id: 'x', from: '2027-01-01', to: '2027-01-02' }, [['id', 'Must be a positive whole number']]],
  ])('rejects %j naming the field', (query, expected) => {
    expect(issues(AvailabilityQuery.safeParse(query))).toEqual(expected);
  });

  it('reads offer ids comma-separated or repeated', () => {
    expect(OffersPricesQuery.parse({ ids: '3,1,3', from: '2027-01-01', to: '2027-01-01' }).ids).toEqual([3, 1]);
    expect(OffersPricesQuery.parse({ ids: ['3', '4'], from: '2027-01-01', to: '2027-01-01' }).ids).toEqual([3, 4]);
    expect(issues(OffersPricesQuery.safeParse({ ids: '3,a', from: '2027-01-01', to: '2027-01-01' }))).toEqual([
      ['ids', 'Use a comma-separated list of up to 50 offer ids'],
    ]);
  });

  it('builds a srcset with every device width of SPEC §9', () => {
    expect(
      imageSrcSet('k')
        .split(', ')
        .map((s) => s.split(' ')[1]),
    ).toEqual(['640w', '750w', '828w', '1080w', '1200w', '1920w', '2048w', '3840w']);
  });
});
