import { lazy, Suspense } from 'react';
import { Navigate } from 'react-router';
import { PageSpinner } from '@/components/page-spinner';
import { paths } from '@/config/paths';
import { CheckoutPage } from '../components/checkout-page';
import { useCheckoutQuery } from '../hooks/use-checkout-query';

// The confirmation (payment status, documents, another card) loads apart from the form: the checkout's first load
// carries only what the form draws (issue 32)
const BookingConfirmation = lazy(() =>
  import('../components/booking-confirmation').then((m) => ({ default: m.BookingConfirmation })),
);

// SPEC §2 /checkout: the selection's checkout, or (with ?booking=) its confirmation
export function CheckoutRoute() {
  const state = useCheckoutQuery();
  if (state.view === 'not-found') return <Navigate to={paths.notFound.getHref()} replace />;
  if (state.view === 'confirmation')
    return (
      <Suspense fallback={<PageSpinner />}>
        <BookingConfirmation
          key={state.bookingId + state.paymentId}
          bookingId={state.bookingId}
          paymentId={state.paymentId}
        />
      </Suspense>
    );
  return <CheckoutPage selection={state.selection} />;
}
