import { Navigate } from 'react-router';
import { paths } from '@/config/paths';
import { BookingConfirmation } from '../components/booking-confirmation';
import { CheckoutPage } from '../components/checkout-page';
import { useCheckoutQuery } from '../hooks/use-checkout-query';

// SPEC §2 /checkout: the selection's checkout, or (with ?booking=) its confirmation
export function CheckoutRoute() {
  const state = useCheckoutQuery();
  if (state.view === 'not-found') return <Navigate to={paths.notFound.getHref()} replace />;
  if (state.view === 'confirmation')
    return (
      <BookingConfirmation
        key={state.bookingId + state.paymentId}
        bookingId={state.bookingId}
        paymentId={state.paymentId}
      />
    );
  return <CheckoutPage selection={state.selection} />;
}
