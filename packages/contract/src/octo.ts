// Issue 30: the reseller API's operations (OCTO core at /octo/v1, https://docs.octo.travel), for the OpenAPI document.
// Bodies and answers are OCTO's own shapes; errors are `{ error, errorMessage }` with OCTO's codes.
export const OCTO_BASE_PATH = '/octo/v1';

export type OctoOperation = { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; path: string; summary: string };

export const OCTO_OPERATIONS: readonly OctoOperation[] = [
  { method: 'GET', path: '/supplier', summary: 'The tours company as your supplier' },
  { method: 'GET', path: '/products', summary: 'Tours as products, their options and units (adult, child, infant)' },
  { method: 'GET', path: '/products/{id}', summary: 'One product' },
  {
    method: 'POST',
    path: '/availability/calendar',
    summary: 'Per day: available, sold out or closed, seats left, prices from (octo/pricing)',
  },
  {
    method: 'POST',
    path: '/availability',
    summary: 'Start times (or opening hours) with seats, cut-offs and, for the units given, prices',
  },
  {
    method: 'POST',
    path: '/bookings',
    summary: 'Reserve: seats held (ON_HOLD) until utcExpiresAt (30 minutes, at most 60); the uuid makes it idempotent',
  },
  { method: 'GET', path: '/bookings', summary: 'Your bookings by resellerReference, supplierReference or dates' },
  { method: 'GET', path: '/bookings/{uuid}', summary: 'One booking' },
  {
    method: 'PATCH',
    path: '/bookings/{uuid}',
    summary: 'Change a reservation (option, date, units) or a booking’s contact, notes and reference',
  },
  { method: 'DELETE', path: '/bookings/{uuid}', summary: 'Cancel (the same as POST /bookings/{uuid}/cancel)' },
  { method: 'POST', path: '/bookings/{uuid}/extend', summary: 'Hold a reservation longer' },
  {
    method: 'POST',
    path: '/bookings/{uuid}/confirm',
    summary: 'Confirm: paid from your balance; voucher and ticket PDF links in the answer',
  },
  {
    method: 'POST',
    path: '/bookings/{uuid}/cancel',
    summary: 'Cancel: a reservation frees its seats; a booking is refunded to your balance by its policy',
  },
  { method: 'GET', path: '/bookings/{uuid}/voucher.pdf', summary: 'The voucher of a confirmed booking' },
  { method: 'GET', path: '/bookings/{uuid}/tickets.pdf', summary: 'The tickets of a confirmed booking' },
];
