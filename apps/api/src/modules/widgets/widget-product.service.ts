import type { CancellationTier, ImageRef } from '@portal/contract';
import { tourDetails, type CatalogueSnapshot } from '../catalogue/index.ts';
import { dubaiDate } from '../../lib/dubai-time.ts';
import type { ShopOption } from './widget-checkout-choice.ts';
import type { ShopData, ShopOffer } from './widget-shop.service.ts';

// Issue 28 item 8: what the shop's tour page shows of the catalogue — the customer's part of the agent's tour page
// (photos, description, highlights, itinerary, terms, meeting point, pick-up, each option's schedule and cancellation
// tiers) in the shop's language; never the notes to agents nor a NET price.

export type ProductOption = ShopOffer & {
  description: string;
  ticketType: string;
  pricingUnit: 'person' | 'trip';
  isInstant: boolean;
  // start times, or the opening hours of an any-time ticket
  schedule: { times: string[] } | { from: string; to: string } | null;
  minPeople: number;
  maxPeople: number;
  cutOffHours: number;
  ages: { infantMaxAge: number; childMaxAge: number };
  // SPEC §9: by hours, descending; below the last tier non-refundable
  cancellation: CancellationTier[];
};

export type ShopProduct = {
  title: string;
  summary: string;
  city: string;
  durationText: string;
  description: string;
  highlights: string[];
  itinerary: { title: string; description: string }[];
  terms: string[];
  meetingPoint: string;
  photos: ImageRef[];
  // the pick-up cities of the chosen option (empty: no pick-up)
  pickUpCities: string[];
  option: ProductOption;
  // the tour's options this shop sells, the chosen one among them
  options: ProductOption[];
};

export function shopProduct(snapshot: CatalogueSnapshot, shop: ShopData, option: ShopOption): ShopProduct | null {
  const row = snapshot.tourById.get(option.tour.tourId);
  if (!row) return null;
  const view = { language: shop.language, currency: shop.currency, showNet: false, today: dubaiDate() };
  const tour = tourDetails(snapshot, row, view, null);
  const options = option.tour.offers.flatMap((sold): ProductOption[] => {
    const offer = tour.offers.find((o) => o.id === sold.offerId);
    if (!offer) return [];
    return [
      {
        ...sold,
        description: offer.description,
        ticketType: offer.ticketType.name,
        pricingUnit: offer.pricingUnit,
        isInstant: offer.isInstant,
        schedule: offer.openingHours ?? (offer.startTimes.length > 0 ? { times: offer.startTimes } : null),
        minPeople: offer.minPeople,
        maxPeople: offer.maxPeople,
        cutOffHours: offer.cutOffHours,
        ages: offer.ages,
        cancellation: offer.cancellationPolicy,
      },
    ];
  });
  const chosen = options.find((o) => o.offerId === option.offer.offerId);
  if (!chosen) return null;
  const offer = tour.offers.find((o) => o.id === chosen.offerId);
  // the chosen option's own photo first, other options' photos last
  const rank = (p: { offerId: number | null }) => (p.offerId === chosen.offerId ? 0 : p.offerId === null ? 1 : 2);
  const photos = [...tour.photos].sort((a, b) => rank(a) - rank(b));
  return {
    title: tour.title,
    summary: tour.summary,
    city: tour.city.name,
    durationText: tour.durationText,
    description: tour.description,
    highlights: tour.highlights,
    itinerary: tour.itinerary,
    terms: tour.terms,
    meetingPoint: tour.meetingPoint,
    photos: photos.length > 0 ? photos : [tour.heroImage],
    pickUpCities: offer?.hasPickUp ? offer.validPickUpCities.map((c) => c.name) : [],
    option: chosen,
    options,
  };
}
