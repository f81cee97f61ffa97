import { dubaiDate } from '../../lib/dubai-time.ts';
import { firstPriceFrom, pricePeriodOn, type OfferRow, type TourRow } from '../catalogue/index.ts';
import { chargesOfSite, priceBooking } from '../bookings/index.ts';
import { findProduct, type OctoCall } from './octo-call.ts';
import { productView, type Priced } from './octo.views.ts';

// The catalogue as OCTO products (tours), options (offers) and units, priced for the calling agency: the booking
// kernel's priceBooking in the account's currency, as a balance booking without a promo code

function pricer(call: OctoCall, offer: OfferRow, period: Parameters<typeof priceBooking>[0]['period']): Priced {
  return (people) =>
    priceBooking({
      offer,
      period,
      people,
      currency: call.caller.currency,
      promoPercent: null,
      charges: chargesOfSite(call.ctx.sites, call.caller.siteId),
      paymentMethod: 'balance',
    });
}

// the price of a group on the first date from today that has one
function priceFrom(call: OctoCall, offer: OfferRow): Priced | null {
  const first = firstPriceFrom(call.snapshot, offer.id, dubaiDate(call.now));
  return first ? pricer(call, offer, first.period) : null;
}

// the price of a group on one date
export function priceOn(call: OctoCall, offer: OfferRow, date: string): Priced | null {
  const period = pricePeriodOn(call.snapshot, offer.id, date);
  return period ? pricer(call, offer, period) : null;
}

function productInput(call: OctoCall, tour: TourRow) {
  return {
    tour,
    offers: call.snapshot.offersByTour.get(tour.id) ?? [],
    language: call.language,
    currency: call.caller.currency,
    withPricing: call.withPricing,
    priceOf: (offer: OfferRow) => priceFrom(call, offer),
  };
}

export function listProducts(call: OctoCall) {
  return call.snapshot.tours
    .filter((tour) => (call.snapshot.offersByTour.get(tour.id)?.length ?? 0) > 0)
    .map((tour) => productView(productInput(call, tour)));
}

export function getProduct(call: OctoCall, productId: string) {
  return productView(productInput(call, findProduct(call, productId)));
}
