import { BOOKING_MESSAGES, CreateBookingBody } from '@portal/contract';
import type { GuestDetails, Hotel, Offer, PaymentMethod } from '@portal/contract';
import { zodValidate } from '@/lib/form';
import { translateMessage } from '@/lib/i18n';

export type CheckoutFormValues = { guest: GuestDetails; notes: string; paymentMethod: PaymentMethod };

const CheckoutFields = CreateBookingBody.pick({ guest: true, notes: true });
const validateFields = zodValidate(CheckoutFields);

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
    const errors = validateFields(values);
    if (offer.hasPickUp && !errors['guest.hotel']) {
      if (!hotel || hotel.id !== values.guest.hotelId)
        errors['guest.hotel'] = translateMessage(BOOKING_MESSAGES.hotelRequired);
      else if (!isValidPickUpHotel(offer, hotel))
        errors['guest.hotel'] = translateMessage(BOOKING_MESSAGES.invalidCity);
    }
    return errors;
  };
}
