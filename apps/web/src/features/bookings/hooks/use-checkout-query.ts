import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { isCalendarDate } from '@portal/contract';
import type { People } from '@portal/contract';
import { CHECKOUT_BOOKING_PARAM, isUuid } from '@portal/contract/plain';

export type CheckoutSelection = {
  tourId: string;
  offerId: number | null;
  date: string;
  time: string | null;
  people: People;
  promoCode: string;
  isRequestMode: boolean;
};

export type CheckoutQueryState =
  | { view: 'confirmation'; bookingId: string; paymentId: string }
  | { view: 'checkout'; selection: CheckoutSelection }
  | { view: 'not-found' };

const count = (value: string | null, fallback: number) =>
  value !== null && /^\d{1,3}$/.test(value) ? Number(value) : fallback;

// /checkout carries the tour page's selection; /checkout?booking=<id>[&payment=<id>] is the confirmation
// (contract#isCheckoutConfirmation)
export function useCheckoutQuery(): CheckoutQueryState {
  const [params] = useSearchParams();
  return useMemo((): CheckoutQueryState => {
    const bookingId = params.get(CHECKOUT_BOOKING_PARAM);
    const paymentId = params.get('payment') ?? '';
    if (bookingId !== null) {
      // anything but a booking's id names no booking (issue 9: /checkout?booking=xyz was an empty page)
      if (!isUuid(bookingId) || (paymentId !== '' && !isUuid(paymentId))) return { view: 'not-found' };
      return { view: 'confirmation', bookingId, paymentId };
    }
    const offer = Number(params.get('offer'));
    const date = params.get('date') ?? '';
    const time = params.get('time');
    return {
      view: 'checkout',
      selection: {
        tourId: params.get('tour')?.trim() ?? '',
        offerId: Number.isInteger(offer) && offer > 0 ? offer : null,
        date: isCalendarDate(date) ? date : '',
        time: time && /^\d{2}:\d{2}$/.test(time) ? time : null,
        people: {
          adults: count(params.get('adults'), 1),
          children: count(params.get('children'), 0),
          infants: count(params.get('infants'), 0),
        },
        promoCode: params.get('promo')?.trim().toUpperCase() ?? '',
        isRequestMode: params.get('mode') === 'request',
      },
    };
  }, [params]);
}
