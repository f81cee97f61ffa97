import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { MIN_DATE, addDays, isCalendarDate } from '@portal/contract';
import type { Offer, People, TicketType, TourDetails } from '@portal/contract';

export const MAX_PEOPLE_INPUT = 99;
// Bookable dates: from today in Asia/Dubai (never before SPEC §9's 2020-02-01) for a year
const BOOKING_WINDOW_DAYS = 365;

export type TourSelection = {
  date: string;
  minDate: string;
  maxDate: string;
  ticketTypeId: number | null;
  visibleOffers: Offer[];
  offer: Offer | null;
  time: string | null;
  people: People;
  // the agent chose something here (or came with a choice): what the page shows is what was asked for
  isChosen: boolean;
};

const CHOICE_PARAMS = ['date', 'type', 'offer', 'time', 'adults', 'children', 'infants'];

export type SelectionPatch = Partial<{
  date: string;
  ticketTypeId: number | null;
  offerId: number;
  time: string | null;
  people: People;
}>;

function readCount(value: string | null, fallback: number): number {
  if (value === null || !/^\d{1,2}$/.test(value)) return fallback;
  return Math.min(Number(value), MAX_PEOPLE_INPUT);
}

function defaultAdults(offer: Offer | null): number {
  if (!offer) return 2;
  return Math.max(Math.min(2, offer.maxPeople), offer.minPeople, 1);
}

// The tour page's choices live in the URL (date, ticket type, option, time, people), so a reload or a shared link
// opens the same selection; every change replaces the history entry instead of adding one.
export function useTourSelection(
  tour: TourDetails,
  ticketTypes: readonly TicketType[],
): [TourSelection, (patch: SelectionPatch) => void] {
  const [params, setParams] = useSearchParams();

  const selection = useMemo((): TourSelection => {
    const minDate = tour.today > MIN_DATE ? tour.today : MIN_DATE;
    const maxDate = addDays(minDate, BOOKING_WINDOW_DAYS);
    const dateParam = params.get('date') ?? '';
    const date = isCalendarDate(dateParam) && dateParam >= minDate && dateParam <= maxDate ? dateParam : minDate;

    const typeParam = Number(params.get('type'));
    const ticketType = ticketTypes.find((type) => type.id === typeParam) ?? null;
    const visibleOffers = ticketType
      ? tour.offers.filter((offer) => ticketType.offerIds.includes(offer.id))
      : tour.offers;
    const offerParam = Number(params.get('offer'));
    const offer = visibleOffers.find((o) => o.id === offerParam) ?? visibleOffers[0] ?? null;

    const timeParam = params.get('time');
    const time = offer && timeParam && offer.startTimes.includes(timeParam) ? timeParam : null;
    const people = {
      adults: readCount(params.get('adults'), defaultAdults(offer)),
      children: readCount(params.get('children'), 0),
      infants: readCount(params.get('infants'), 0),
    };
    const isChosen = CHOICE_PARAMS.some((key) => params.has(key));
    return {
      date,
      minDate,
      maxDate,
      ticketTypeId: ticketType?.id ?? null,
      visibleOffers,
      offer,
      time,
      people,
      isChosen,
    };
  }, [params, tour, ticketTypes]);

  const update = useCallback(
    (patch: SelectionPatch) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          const set = (key: string, value: string | null) => (value === null ? next.delete(key) : next.set(key, value));
          if (patch.date !== undefined) {
            set('date', patch.date);
            set('time', null);
          }
          if (patch.ticketTypeId !== undefined) {
            set('type', patch.ticketTypeId === null ? null : String(patch.ticketTypeId));
            set('offer', null);
            set('time', null);
          }
          if (patch.offerId !== undefined) {
            set('offer', String(patch.offerId));
            set('time', null);
          }
          if (patch.time !== undefined) set('time', patch.time);
          if (patch.people) {
            set('adults', String(patch.people.adults));
            set('children', String(patch.people.children));
            set('infants', String(patch.people.infants));
          }
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [setParams],
  );

  return [selection, update];
}
