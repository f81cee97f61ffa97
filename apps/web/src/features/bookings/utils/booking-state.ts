import type { BookingStatus, BookingView } from '@portal/contract';

// Still moving: a card payment not settled yet, or a completed booking whose documents are still being made
export function isBookingSettled(booking: BookingView | undefined): boolean {
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

export function canTryAnotherCard(booking: BookingView): boolean {
  if (
    booking.status !== 'payment_failed' &&
    !(booking.status === 'pending_payment' && booking.payment?.status === 'failed')
  )
    return false;
  return booking.holdExpiresAt === null || Date.parse(booking.holdExpiresAt) > Date.now();
}
