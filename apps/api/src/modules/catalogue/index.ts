// What other modules may use of catalogue (module faces: nothing else is imported from outside this folder)
export type { CatalogueSnapshot, OfferRow, PricePeriodRow, TourRow } from './catalogue.snapshot.ts';
export { firstPriceFrom, pricePeriodOn } from './catalogue.snapshot.ts';
export { availabilityByOffer, cutOffAt } from './availability.service.ts';
// bookings, the widget shops and notify-me: rules, views and reads of the catalogue
export { availabilityRow, dubaiInstant, isPastCutOff } from './availability.service.ts';
export { checkBookableDate, checkStartTime, slotFits } from './alternatives.service.ts';
export { findValidPromoCode, slotStockColumns } from './catalogue.repo.ts';
export { imageRef, tourCard, tourDetails } from './catalogue.views.ts';
export { pickUpInputs, searchHotels } from './hotels.repo.ts';
