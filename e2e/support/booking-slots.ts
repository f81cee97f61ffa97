import type { Page } from 'playwright-core';
import { randomUUID } from 'node:crypto';
import { addDays } from '@portal/contract';
import type {
  AvailabilityRow,
  BookingView,
  CreateBookingBody,
  CreateBookingResponse,
  Offer,
  TourCard,
  TourDetails,
} from '@portal/contract';

type Api = <T>(
  email: string,
  path: string,
  init?: { method?: string; body?: unknown; headers?: Record<string, string> },
) => Promise<T>;

export type Slot = { tour: TourDetails; offer: Offer; date: string; time: string | null };

// The checkout of a slot for `adults` adults, as the tour page's Book now opens it
export function checkoutPath(slot: Slot, adults = 2): string {
  const query = new URLSearchParams({
    tour: String(slot.tour.id),
    offer: String(slot.offer.id),
    date: slot.date,
    adults: String(adults),
    children: '0',
    infants: '0',
  });
  if (slot.time) query.set('time', slot.time);
  return `/checkout?${query.toString()}`;
}

export const GUEST = {
  name: 'Anna Smith',
  email: 'anna.smith@example.test',
  phone: '+971 50 123 4567',
  hotel: 'Rove Downtown',
  room: '1208',
};

// The checkout's guest form, as an agent fills it, by its labels in the page's language; `withHotel`: the hotel
// field (an option with pick-up asks for the pick-up hotel instead)
const GUEST_LABELS = {
  en: {
    name: 'Guest name',
    phone: 'Phone',
    email: 'Email',
    confirmEmail: 'Reconfirm email',
    hotel: 'Hotel',
    room: 'Room',
  },
  ru: {
    name: 'Имя гостя',
    phone: 'Телефон',
    email: 'Эл. почта',
    confirmEmail: 'Повторите эл. почту',
    hotel: 'Отель',
    room: 'Номер',
  },
};

export async function fillGuest(
  page: Page,
  {
    guest = GUEST,
    language = 'en',
    withHotel = true,
  }: { guest?: typeof GUEST; language?: 'en' | 'ru'; withHotel?: boolean } = {},
) {
  const label = GUEST_LABELS[language];
  await page.getByLabel(label.name, { exact: true }).fill(guest.name);
  await page.getByLabel(label.phone, { exact: true }).fill(guest.phone);
  await page.getByLabel(label.email, { exact: true }).fill(guest.email);
  await page.getByLabel(label.confirmEmail, { exact: true }).fill(guest.email);
  if (withHotel) await page.getByLabel(label.hotel, { exact: true }).fill(guest.hotel);
  await page.getByLabel(label.room, { exact: true }).fill(guest.room);
}

export type SoldOutDate = { tour: TourDetails; offerId: number; date: string; time: string | null };

// Per-person options for 2 adults with every time of one date sold out (the demo sells out a few slots at random),
// from `firstDay` to `lastDay` days ahead, tour by tour; `time`: the first sold-out time (null: an opening-hours
// option, the day itself)
export async function* soldOutDates(
  get: <T>(path: string) => Promise<T>,
  firstDay: number,
  lastDay: number,
): AsyncGenerator<SoldOutDate> {
  for (const card of await get<TourCard[]>('/b2b/tours?language=en&currencyCode=aed')) {
    const tour = await get<TourDetails>(`/b2b/tours/${card.id}?language=en&currencyCode=aed`);
    const [from, to] = [addDays(tour.today, firstDay), addDays(tour.today, lastDay)];
    const rows = await get<AvailabilityRow[]>(`/b2b/availability/ByTour?id=${tour.id}&from=${from}&to=${to}`);
    for (const offer of tour.offers.filter((o) => o.pricingUnit === 'person' && o.minPeople <= 2 && o.maxPeople >= 2)) {
      const byDate = new Map<string, AvailabilityRow[]>();
      for (const row of rows.filter((r) => r.offerId === offer.id))
        byDate.set(row.date, [...(byDate.get(row.date) ?? []), row]);
      for (const [date, dayRows] of byDate)
        if (dayRows.every((row) => row.isSoldOut))
          yield { tour, offerId: offer.id, date, time: dayRows[0]?.time ?? null };
    }
  }
}

export const instantPerPerson = (pickUp: boolean) => (o: Offer) =>
  o.isInstant && o.pricingUnit === 'person' && o.hasPickUp === pickUp && o.availabilityType === 'timeslots';
export const bookable = (r: AvailabilityRow) => !r.isPastCutOff && r.isInstant;
// an option booked as a quotation request (not instant), per person, timeslots, no pick-up; any date before its cut-off
export const requestPerPerson = (o: Offer) =>
  !o.isInstant && o.pricingUnit === 'person' && !o.hasPickUp && o.availabilityType === 'timeslots';
export const beforeCutOff = (r: AvailabilityRow) => !r.isPastCutOff;

// Slots of the demo catalogue found through the API (never hard-coded ids), and bookings made on them as an agent
export function bookingSlots(api: Api) {
  async function findSlot(
    email: string,
    currency: 'aed' | 'usd',
    match: (offer: Offer) => boolean,
    row: (r: AvailabilityRow) => boolean,
    days = [3, 4, 5],
  ): Promise<Slot> {
    const cards = await api<TourCard[]>(email, `/b2b/tours?currencyCode=${currency}`);
    for (const card of cards) {
      const tour = await api<TourDetails>(email, `/b2b/tours/${card.id}?currencyCode=${currency}&language=en`);
      for (const offer of tour.offers.filter(match)) {
        for (const offset of days) {
          const date = addDays(tour.today, offset);
          const rows = await api<AvailabilityRow[]>(
            email,
            `/b2b/availability/ByOffer?id=${offer.id}&from=${date}&to=${date}`,
          );
          const found = rows.find((r) => !r.isSoldOut && r.left >= 2 && row(r));
          if (found) return { tour, offer, date, time: found.time };
        }
      }
    }
    throw new Error('no slot in the demo catalogue matches');
  }

  // one adult, paid from the balance, or held for a card payment (withpaymentintent: the booking waits for the card);
  // on a request option, the quotation request with the agent's notes
  async function bookViaApi(
    email: string,
    slot: Slot,
    options: { card?: boolean; notes?: string } = {},
  ): Promise<BookingView> {
    const body: CreateBookingBody = {
      offerId: slot.offer.id,
      date: slot.date,
      time: slot.time,
      adults: 1,
      guest: { ...GUEST, confirmEmail: GUEST.email, hotelId: null },
      notes: options.notes,
    };
    if (slot.offer.hasPickUp) throw new Error('pick a slot without pick-up');
    const path = options.card ? '/b2b/bookings/withpaymentintent' : '/b2b/bookings';
    const { booking } = await api<CreateBookingResponse>(email, path, {
      method: 'POST',
      body,
      headers: { 'Idempotency-Key': randomUUID() },
    });
    return booking;
  }

  return { findSlot, bookViaApi };
}
