import { Button, Stack, Text } from '@mantine/core';
import { BOOKING_MESSAGES } from '@portal/contract';
import type { BookingView } from '@portal/contract';
import { IconHourglassOff } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { translateMessage } from '@/lib/i18n';
import { NoticeAlert } from '@/components/notice-alert';

// The same selection again: tour, option, date, time and guests
function bookAgainHref(booking: BookingView): string {
  return paths.checkout.getHref({
    tour: String(booking.tour.id),
    offer: String(booking.offer.id),
    date: booking.date,
    ...(booking.time ? { time: booking.time } : {}),
    adults: String(booking.adults),
    children: String(booking.children),
    infants: String(booking.infants),
  });
}

// A card hold that lapsed unpaid: nothing was charged, the seats went back; the only way on is a new booking
export function HoldExpired({ booking }: { booking: BookingView }) {
  const { t } = useTranslation();
  return (
    <NoticeAlert color="gray" icon={IconHourglassOff} title={t('confirmation.holdExpired')} testId="hold-expired">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{translateMessage(BOOKING_MESSAGES.holdExpired)}</Text>
        <Button component={Link} to={bookAgainHref(booking)} data-testid="book-again">
          {t('confirmation.bookAgain')}
        </Button>
      </Stack>
    </NoticeAlert>
  );
}
