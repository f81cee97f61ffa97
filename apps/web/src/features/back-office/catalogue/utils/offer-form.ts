import type { AdminOffer, AdminOfferBody, PricePeriodInput } from '@portal/contract';
import { addDays } from '@portal/contract/plain';

// A number field as Mantine keeps it: a number, or '' while empty
export type NumberField = number | string;

export type OfferForm = Omit<
  AdminOfferBody,
  'slotCapacity' | 'adultCapacity' | 'childCapacity' | 'minPeople' | 'maxPeople' | 'cutOffHours' | 'ticketTypeId'
> & {
  slotCapacity: NumberField;
  adultCapacity: NumberField;
  childCapacity: NumberField;
  minPeople: NumberField;
  maxPeople: NumberField;
  cutOffHours: NumberField;
  ticketTypeId: string | null;
};

export type PeriodForm = { [K in keyof PricePeriodInput]: K extends 'validFrom' | 'validTo' ? string : NumberField };
export type PriceField = Exclude<keyof PeriodForm, 'validFrom' | 'validTo'>;

// An empty field is no price (null), not zero
const numberOrNull = (value: NumberField | null | undefined) =>
  value === '' || value === null || value === undefined ? null : Number(value);

// The form of an offer: the offer's own values, or a new offer's defaults (the first ticket type)
export function offerValues(offer: AdminOffer | null, ticketTypeId: string | null): OfferForm {
  return {
    name: offer?.name ?? { en: '', ru: '' },
    description: offer?.description ?? { en: '', ru: '' },
    pricingUnit: offer?.pricingUnit ?? 'person',
    availabilityType: offer?.availabilityType ?? 'timeslots',
    startTimes: offer?.startTimes ?? [],
    openingTime: offer?.openingTime ?? null,
    closingTime: offer?.closingTime ?? null,
    slotCapacity: offer?.slotCapacity ?? 20,
    isSameTicketForAdultsAndChildren: offer?.isSameTicketForAdultsAndChildren ?? false,
    adultCapacity: offer?.adultCapacity ?? '',
    childCapacity: offer?.childCapacity ?? '',
    minPeople: offer?.minPeople ?? 1,
    maxPeople: offer?.maxPeople ?? 10,
    cutOffHours: offer?.cutOffHours ?? 24,
    isInstant: offer?.isInstant ?? true,
    cancellationPolicy: offer?.cancellationPolicy ?? [
      { hours: 24, percents: 100 },
      { hours: 0, percents: 0 },
    ],
    ticketTypeId: offer ? String(offer.ticketTypeId) : ticketTypeId,
    infantMaxAge: offer?.infantMaxAge ?? 2,
    childMaxAge: offer?.childMaxAge ?? 11,
    isActive: offer?.isActive ?? true,
  };
}

// What is sent: only the fields of the chosen availability and ticket kind; an empty number is 0 for the server to
// refuse with its own message
export function offerBody(v: OfferForm): AdminOfferBody {
  const timeslots = v.availabilityType === 'timeslots';
  return {
    ...v,
    startTimes: timeslots ? v.startTimes : [],
    openingTime: timeslots ? null : v.openingTime || null,
    closingTime: timeslots ? null : v.closingTime || null,
    slotCapacity: Number(v.slotCapacity) || 0,
    adultCapacity: v.isSameTicketForAdultsAndChildren ? numberOrNull(v.adultCapacity) : null,
    childCapacity: v.isSameTicketForAdultsAndChildren ? numberOrNull(v.childCapacity) : null,
    minPeople: Number(v.minPeople) || 0,
    maxPeople: Number(v.maxPeople) || 0,
    cutOffHours: Number(v.cutOffHours) || 0,
    cancellationPolicy: v.cancellationPolicy.map((tier) => ({
      hours: Number(tier.hours) || 0,
      percents: Number(tier.percents) || 0,
    })),
    ticketTypeId: Number(v.ticketTypeId ?? 0),
  };
}

// A new price period: from today for a year, no prices yet
export function emptyPeriod(today: string): PeriodForm {
  return {
    validFrom: today,
    validTo: addDays(today, 365),
    netAdult: '',
    netChild: '',
    netTrip: '',
    recAdult: '',
    recChild: '',
    recTrip: '',
  };
}

// The offer's price periods as the form holds them (one empty period when it has none)
export function periodValues(offer: AdminOffer, today: string): PeriodForm[] {
  if (offer.periods.length === 0) return [emptyPeriod(today)];
  return offer.periods.map(({ id: _id, ...p }) => ({
    ...p,
    netAdult: p.netAdult ?? '',
    netChild: p.netChild ?? '',
    netTrip: p.netTrip ?? '',
    recAdult: p.recAdult ?? '',
    recChild: p.recChild ?? '',
    recTrip: p.recTrip ?? '',
  }));
}

// The periods sent: a per-trip option has trip prices only, a per-person one adult and child prices only
export function periodsBody(periods: readonly PeriodForm[], perTrip: boolean): PricePeriodInput[] {
  const person = (value: NumberField) => (perTrip ? null : numberOrNull(value));
  const trip = (value: NumberField) => (perTrip ? numberOrNull(value) : null);
  return periods.map((p) => ({
    validFrom: p.validFrom,
    validTo: p.validTo,
    netAdult: person(p.netAdult),
    netChild: person(p.netChild),
    netTrip: trip(p.netTrip),
    recAdult: person(p.recAdult),
    recChild: person(p.recChild),
    recTrip: trip(p.recTrip),
  }));
}
