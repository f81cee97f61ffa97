import { Drawer } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';
import { useLocation, useNavigate, useParams } from 'react-router';
import { SectionSpinner } from '@/components/page-spinner';
import type { BookingListPath } from '@/config/paths';
import { useBooking, useRequest } from '../api/get-booking';

type DetailKind = 'booking' | 'request';
import { BookingDetail } from '../components/booking-detail';
import { useIsPhone } from '@/lib/use-is-phone';

function DetailDrawer({ listPath, kind }: { listPath: BookingListPath; kind: DetailKind }) {
  const { t } = useTranslation();
  const { bookingId = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const isPhone = useIsPhone();
  const booking = useBooking(kind === 'booking' ? bookingId : '');
  const request = useRequest(kind === 'request' ? bookingId : '');
  const data = kind === 'request' ? request.data : booking.data;

  return (
    <Drawer
      opened
      onClose={() => void navigate(`${listPath}${location.search}`, { preventScrollReset: true })}
      position="right"
      size={isPhone ? '100%' : 'xl'}
      title={t('bookings.detailTitle')}
      zIndex={300}
      closeButtonProps={{ 'aria-label': t('bookings.closeDetail') }}
    >
      {data ? <BookingDetail booking={data} /> : <SectionSpinner />}
    </Drawer>
  );
}

// A booking opened from a list has its own URL (/bookings/<id>, /my-bookings/<id>, /requests/<id>)
export const BookingDetailRoute = () => <DetailDrawer listPath="/bookings" kind="booking" />;
export const MyBookingDetailRoute = () => <DetailDrawer listPath="/my-bookings" kind="booking" />;
export const RequestDetailRoute = () => <DetailDrawer listPath="/requests" kind="request" />;
