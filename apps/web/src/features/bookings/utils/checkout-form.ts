import { BOOKING_MESSAGES } from '@portal/contract/plain';
import type { GuestDetails, Hotel, Offer, PaymentMethod } from '@portal/contract';
import { translateMessage } from '@/lib/i18n';

export type CheckoutFormValues = { guest: GuestDetails; notes: string; paymentMethod: PaymentMethod };

// The guest fields' rules come with zod, which the checkout's first paint goes without (decision 0156): the form
// starts loading them when the agent first focuses one of its fields, and waits for them before it validates a
// submit. Should they fail to load, the submit goes on and the server's 422 puts the same messages under the same
// fields.
let guestRules: ((values: unknown) => Record<string, string>) | null = null;
let loading: Promise<void> | null = null;

export function loadCheckoutRules(): Promise<void> {
  loading ??= import('./checkout-rules').then(
    (module) => {
      guestRules = module.validateGuestFields;
    },
    () => {
      loading = null;
    },
  );
  return loading;
}

export const emptyCheckoutValues = (paymentMethod: PaymentMethod): CheckoutFormValues => ({
  guest: { name: '', email: '', confirmEmail: '', phone: '', hotel: '', room: '', hotelId: null },
  notes: '',
  paymentMethod,
});

export function isValidPickUpHotel(offer: Offer, hotel: Hotel): boolean {
  return offer.validPickUpCities.some((city) => city.id === hotel.cityId);
}

// The contract's own rules, plus SPEC §5 for pick-up: a hotel from the list, in one of the offer's pick-up cities
export function validateCheckout(offer: Offer, hotel: Hotel | null) {
  return (values: CheckoutFormValues): Record<string, string> => {
    const errors = guestRules ? guestRules(values) : {};
    if (offer.hasPickUp && !errors['guest.hotel']) {
      if (!hotel || hotel.id !== values.guest.hotelId)
        errors['guest.hotel'] = translateMessage(BOOKING_MESSAGES.hotelRequired);
      else if (!isValidPickUpHotel(offer, hotel))
        errors['guest.hotel'] = translateMessage(BOOKING_MESSAGES.invalidCity);
    }
    return errors;
  };
}
