import { useTranslation } from '@/lib/i18n';
import { BookingsListPage } from '../components/bookings-list-page';

// /bookings: every booking the server shows this user (the agency's for senior and admin, their own for a junior)
export function BookingsRoute() {
  const { t } = useTranslation();
  return <BookingsListPage kind="bookings" listPath="/bookings" title={t('nav.allBookings')} />;
}

// /my-bookings: the user's own bookings
export function MyBookingsRoute() {
  const { t } = useTranslation();
  return <BookingsListPage kind="bookings" listPath="/my-bookings" title={t('bookings.myTitle')} isOwnOnly />;
}

export function RequestsRoute() {
  const { t } = useTranslation();
  return <BookingsListPage kind="requests" listPath="/requests" title={t('nav.requests')} />;
}
