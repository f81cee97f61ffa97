// What other modules may use of bookings (module faces: nothing else is imported from outside this folder)
export type { BookingRow } from './bookings.repo.ts';
export type { PriceResult } from './pricing.ts';
export { priceBooking } from './pricing.ts';
export { chargesOfSite } from './booking-views.ts';
export {
  RESELLER_HOLD_MINUTES,
  type ResellerBookings,
  type ResellerGuest,
  type ResellerListFilter,
  type ResellerRequest,
} from './reseller-bookings.ts';
// the operator's desk: lists, cancelling on the agency's behalf, a booking's cards
export { findBooking, listColumns } from './bookings.repo.ts';
export { bookingListRow } from './booking-views.ts';
export {
  cancelOnBehalf,
  previewOnBehalf,
  viewOf,
  type CancellationFigures,
  type CardRefunds,
} from './manage-bookings.ts';
export { bookingCards } from './card-payments.ts';
// widget sales: the checkout's token form, and the margins the demo history credits
export { creditDueMargins, isSaleToken, newSaleToken } from './widget-sales.ts';
