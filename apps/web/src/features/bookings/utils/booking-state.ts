import type { BookingStatus, BookingView } from '@portal/contract';

// what these rules read of a booking
type BookingState = Pick<BookingView, 'status' | 'documents' | 'holdExpiresAt' | 'canRetryCard' | 'payment'>;

// Still moving: a card payment not settled yet, or a completed booking whose documents are still being made
export function isBookingSettled(booking: Pick<BookingState, 'status' | 'documents'> | undefined): boolean {
  if (!booking) return false;
  if (booking.status === 'pending_payment') return false;
  return !(booking.status === 'completed' && booking.documents === null);
}

export const STATUS_COLORS: Record<BookingStatus, string> = {
  request: 'yellow',
  payment_required: 'orange',
  pending_payment: 'blue',
  completed: 'teal',
  cancelled: 'gray',
  payment_failed: 'red',
};

// The seats are still held (checked against the clock for a page left open past the hold)
function isHoldRunning(booking: Pick<BookingState, 'holdExpiresAt'>): boolean {
  return booking.holdExpiresAt !== null && Date.parse(booking.holdExpiresAt) > Date.now();
}

// The server's answer (the rule payBooking applies), while the hold lasts
export function canTryAnotherCard(booking: Pick<BookingState, 'canRetryCard' | 'holdExpiresAt'>): boolean {
  return booking.canRetryCard && isHoldRunning(booking);
}

// A card charge still open at the provider while the seats are held
function hasOpenCharge(booking: BookingState): boolean {
  const status = booking.payment?.status;
  if (booking.status !== 'pending_payment' || (status !== 'pending' && status !== 'requires_action')) return false;
  return isHoldRunning(booking);
}

// An open charge on a hosted pay page (sandbox, Tap): the agent can go back to it
export function canContinuePayment(booking: BookingState): boolean {
  return hasOpenCharge(booking) && Boolean(booking.payment?.redirectUrl);
}

// An open charge paid on our page (Stripe's card form; there is no pay page to go to)
export function needsCardForm(booking: BookingState): boolean {
  return hasOpenCharge(booking) && Boolean(booking.payment?.clientSecret && booking.payment.publishableKey);
}
