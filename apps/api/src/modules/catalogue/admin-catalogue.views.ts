import type { AdminOffer, AdminTour } from '@portal/contract';
import { minorToMajorOrNull } from '@portal/contract';
import type { DbOrTx } from '../../db/client.ts';
import * as repo from './admin-catalogue.repo.ts';

// A tour and its options as the back office edits them: prices in major units, texts in both languages

export function offerView(offer: repo.OfferRow, periods: repo.PeriodRow[]): AdminOffer {
  return {
    id: offer.id,
    tourId: offer.tourId,
    name: offer.name,
    description: offer.description,
    pricingUnit: offer.pricingUnit,
    availabilityType: offer.availabilityType,
    startTimes: offer.startTimes,
    openingTime: offer.openingTime,
    closingTime: offer.closingTime,
    slotCapacity: offer.slotCapacity,
    isSameTicketForAdultsAndChildren: offer.isSameTicketForAdultsAndChildren,
    adultCapacity: offer.adultCapacity,
    childCapacity: offer.childCapacity,
    minPeople: offer.minPeople,
    maxPeople: offer.maxPeople,
    cutOffHours: offer.cutOffHours,
    isInstant: offer.isInstant,
    cancellationPolicy: offer.cancellationPolicy,
    ticketTypeId: offer.ticketTypeId,
    infantMaxAge: offer.infantMaxAge,
    childMaxAge: offer.childMaxAge,
    isActive: offer.isActive,
    periods: periods
      .filter((p) => p.offerId === offer.id)
      .map((p) => ({
        id: p.id,
        validFrom: p.validFrom,
        validTo: p.validTo,
        netAdult: minorToMajorOrNull(p.netAdultMinor),
        netChild: minorToMajorOrNull(p.netChildMinor),
        netTrip: minorToMajorOrNull(p.netTripMinor),
        recAdult: minorToMajorOrNull(p.recAdultMinor),
        recChild: minorToMajorOrNull(p.recChildMinor),
        recTrip: minorToMajorOrNull(p.recTripMinor),
      })),
  };
}

export async function tourView(db: DbOrTx, tour: repo.TourRow): Promise<AdminTour> {
  const parts = await repo.tourParts(db, tour.id);
  return {
    id: tour.id,
    url: tour.url,
    cityId: tour.cityId,
    categoryIds: parts.categoryIds,
    title: tour.title,
    summary: tour.summary,
    description: tour.description,
    inclusions: tour.highlights,
    itinerary: tour.itinerary,
    terms: tour.terms,
    notesToAgents: tour.notesToAgents,
    faq: tour.faq,
    meetingPoint: tour.meetingPoint,
    durationMinutes: tour.durationMinutes,
    durationText: tour.durationText,
    videoKey: tour.videoKey,
    isActive: tour.isActive,
    photos: parts.photoRows,
    offers: parts.offerRows.map((o) => offerView(o, parts.periodRows)),
  };
}
