// The bookings module's face: what other modules and this module's route files may use (nothing else is imported
// from outside this folder; dependency-cruiser holds it). Grouped by what a caller wants of the kernel.

// quote: a booking's price before it is made
export type { PriceResult } from './pricing.ts';
export { priceBooking } from './pricing.ts';
export { chargesOfSite } from './booking-views.ts';
export { pickUpTimeFor } from './booking-rules.ts';

// hold and create: an agent's booking (request, balance, card hold); the kernel at run time (app.bookings)
export { createBooking } from './create-booking.ts';
export { bookingKernel, type BookingsFace } from './booking-kernel.ts';

// pay and confirm: from the balance, by card (the provider's answer completes it)
export { payBooking } from './pay-booking.ts';
export { bookingCards, refreshBookingPayment } from './card-payments.ts';

// cancel with terms: the policy's fee and refund, for the agency and on its behalf (the desk)
export {
  cancelBooking,
  cancelOnBehalf,
  previewCancellation,
  previewOnBehalf,
  type CancellationFigures,
  type CardRefunds,
} from './manage-bookings.ts';

// views: one booking, the lists, the options of their filters
export type { BookingRow } from './bookings.repo.ts';
export { findBooking } from './bookings.repo.ts';
export { listBookings } from './bookings-list.repo.ts';
export { bookingListRow } from './booking-views.ts';
export { bookingResponse, getBooking, listOptions, listVisibleBookings, viewOf } from './manage-bookings.ts';

// documents: voucher, tickets, invoice; the list's xlsx rows
export { visibleBookingDocument, visibleListRows } from './booking-documents.ts';

// quotation requests: the operator's quotes and declines
export { declineRequest, listAllRequests, quoteRequest } from './requests.service.ts';

// widget sales: the checkout's token form and its requests, the margins the demo history credits
export { creditDueMargins, isSaleToken, newSaleToken, type WidgetSales } from './widget-sales.ts';

// the reseller API (octo): its reservations' shape
export type { ResellerBookings, ResellerGuest, ResellerRequest } from './reseller-bookings.ts';
