// A booking checked and priced before anything is taken: every problem is a 422 on its field and changes nothing.
// All four ways in (agent, card, widget sale, reseller API) start here.
import type { CreateBookingBody as CreateBookingSchema, People } from '@portal/contract';
import { BOOKING_MESSAGES, CATALOGUE_MESSAGES, MESSAGES, checkPeopleLimits } from '@portal/contract';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { AgencyActor, ServiceContext } from '../../lib/context.ts';
import { dubaiDate } from '../../lib/dubai-time.ts';
import { findValidPromoCode, isPastCutOff } from '../catalogue/index.ts';
import { chargesOfSite } from './booking-views.ts';
import { loadBookingContext, loadHotel } from './bookings.repo.ts';
import { assertAgencyCanBook, assertNothingOverdue } from './booking-guards.ts';
import { pickUpTimeFor } from './booking-rules.ts';
import { priceBooking } from './pricing.ts';

export type CreateBookingInput = z.output<typeof CreateBookingSchema>;

export type PreparedBooking = Awaited<ReturnType<typeof prepareBooking>>;

// Everything that can be checked before taking stock; each problem is a 422 on its field and changes nothing.
// `widget`: the agency's customer buys in its widget shop and pays the sale price by card to the portal — the agency's
// card permission and its dues do not apply, and the net is priced as the balance's (no card surcharge on it).
export async function prepareBooking(
  ctx: ServiceContext,
  agencyId: string,
  body: CreateBookingInput,
  paymentMethod: 'balance' | 'card' | 'widget',
  now: Date,
) {
  const context = await loadBookingContext(ctx.db, {
    agencyId,
    offerId: body.offerId,
    date: body.date,
    time: body.time,
  });
  if (!context) throw new AppError('forbidden', MESSAGES.forbidden);
  const { agency, found, slotId, period, balanceMinor } = context;
  assertAgencyCanBook(agency);
  if (paymentMethod === 'card' && agency.isCreditCardTopupAllowed === 0)
    throw AppError.field('paymentMethod', BOOKING_MESSAGES.creditCardDisabled);
  if (!found) throw AppError.notFound(CATALOGUE_MESSAGES.unknownOffer);
  const { offer, tour } = found;
  const people: People = { adults: body.adults, children: body.children, infants: body.infants };
  if (people.adults + people.children === 0) throw AppError.field('adults', BOOKING_MESSAGES.noPeople);
  const limits = checkPeopleLimits(people, offer);
  if (!limits.ok) throw AppError.field('adults', limits.message);
  if (body.date < dubaiDate(now)) throw AppError.field('date', BOOKING_MESSAGES.timeslotsNotAvailable);
  const time = offer.availabilityType === 'timeslots' ? body.time : null;
  if (offer.availabilityType === 'timeslots' && (!time || !offer.startTimes.includes(time)))
    throw AppError.field('time', BOOKING_MESSAGES.timeslotsNotAvailable);
  if (slotId === null)
    throw AppError.field(
      time ? 'time' : 'date',
      time ? BOOKING_MESSAGES.timeslotsNotAvailable : BOOKING_MESSAGES.noTickets,
    );
  if (!period) throw AppError.field('date', BOOKING_MESSAGES.noTickets);

  let pickUpTime: string | null = null;
  let hotelId: number | null = null;
  if (offer.hasPickUp) {
    if (!body.guest.hotelId) throw AppError.field('guest.hotelId', BOOKING_MESSAGES.hotelRequired);
    const hotel = await loadHotel(ctx.db, body.guest.hotelId);
    if (!hotel) throw AppError.field('guest.hotelId', BOOKING_MESSAGES.hotelRequired);
    // SPEC §5: the hotel's city must be one of the tour's valid pick-up cities (invalidCityError)
    if (!offer.pickUpCityIds.includes(hotel.cityId))
      throw AppError.field('guest.hotelId', BOOKING_MESSAGES.invalidCity);
    hotelId = hotel.id;
    pickUpTime = pickUpTimeFor(time ?? offer.openingTime ?? '09:00', hotel.pickUpLeadMinutes);
  }

  let promo: { code: string; percent: number } | null = null;
  if (body.promoCode) {
    promo = await findValidPromoCode(ctx.db, body.promoCode, dubaiDate(now));
    if (!promo) throw AppError.field('promoCode', CATALOGUE_MESSAGES.wrongPromoCode);
  }
  const isRequest = !offer.isInstant || isPastCutOff(offer, body.date, time, now);
  const price = priceBooking({
    offer,
    period,
    people,
    currency: agency.currency,
    promoPercent: promo?.percent ?? null,
    charges: chargesOfSite(ctx.sites, agency.siteId),
    paymentMethod: isRequest ? null : paymentMethod === 'widget' ? 'balance' : paymentMethod,
  });
  if (!price) throw AppError.field('date', BOOKING_MESSAGES.noTickets);
  // a card charge needs a positive amount (a 100 % promo code is paid "from the balance" at zero)
  if (!isRequest && paymentMethod === 'card' && price.netTotalMinor <= 0)
    throw AppError.field('paymentMethod', BOOKING_MESSAGES.nothingToCharge);
  if (!isRequest && paymentMethod === 'balance') await assertNothingOverdue(ctx, agency, balanceMinor);
  return { agency, offer, tour, people, time, slotId, price, promo, pickUpTime, hotelId, isRequest };
}

export function bookingValues(
  actor: AgencyActor | null,
  body: CreateBookingInput,
  p: PreparedBooking,
  reference: string,
) {
  return {
    reference,
    agencyId: p.agency.id,
    createdBy: actor?.userId ?? null,
    siteId: p.agency.siteId,
    tourId: p.tour.id,
    offerId: p.offer.id,
    slotId: p.slotId,
    date: body.date,
    startTime: p.time,
    adults: p.people.adults,
    children: p.people.children,
    infants: p.people.infants,
    guestName: body.guest.name,
    guestEmail: body.guest.email,
    guestPhone: body.guest.phone,
    hotel: body.guest.hotel,
    hotelId: p.hotelId,
    room: body.guest.room,
    pickUpTime: p.pickUpTime,
    notes: body.notes,
    language: p.agency.language,
    currency: p.agency.currency,
    netBeforeDiscountMinor: p.price.netBeforeDiscountMinor,
    discountMinor: p.price.discountMinor,
    cardSurchargeMinor: p.price.cardSurchargeMinor,
    netTotalMinor: p.price.netTotalMinor,
    publishedTotalMinor: p.price.publishedTotalMinor,
    amountLines: p.price.lines,
    promoCode: p.promo?.code ?? null,
    promoPercent: p.promo?.percent ?? null,
    tourUrl: p.tour.url,
    tourTitle: p.tour.title,
    offerName: p.offer.name,
    cancellationPolicy: p.offer.cancellationPolicy,
  };
}
