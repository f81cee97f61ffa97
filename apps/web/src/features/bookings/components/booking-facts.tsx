import type { ReactNode } from 'react';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { BookingView } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { Money } from '@/components/money';
import { BookedBy, MarginStatusBadge } from '@/components/sale-channel';
import { formatDate, formatDateTime } from '@/lib/format';
import { useLocale } from '@/lib/locale';

// `isPrivate`: a guest's personal data, masked in support replay's recordings (issue 31)
export function Fact({
  label,
  children,
  testId,
  isPrivate,
}: {
  label: string;
  children: ReactNode;
  testId?: string;
  isPrivate?: boolean;
}) {
  return (
    <Stack gap={0} miw={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.3}>
        {label}
      </Text>
      <Text
        size="sm"
        fw={500}
        style={{ overflowWrap: 'anywhere' }}
        data-testid={testId}
        data-private={isPrivate || undefined}
      >
        {children}
      </Text>
    </Stack>
  );
}

// Everything about the booking that is not money: the tour, when, who, where from, by whom
export function BookingFacts({ booking }: { booking: BookingView }) {
  const { t } = useTranslation();
  const { language } = useLocale();
  const dash = '—';
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" verticalSpacing="sm">
      <Fact label={t('bookings.fields.tour')}>
        {booking.tour.title}
        <Text span size="xs" c="dimmed" display="block">
          {booking.offer.name}
        </Text>
      </Fact>
      <Fact label={t('bookings.fields.date')} testId="fact-date">
        {formatDate(booking.date, language)}
        {booking.time ? ` · ${booking.time}` : ''}
      </Fact>
      <Fact label={t('bookings.fields.people')}>
        {t('bookings.people', { adults: booking.adults, children: booking.children, infants: booking.infants })}
      </Fact>
      <Fact label={t('bookings.fields.guest')} testId="fact-guest" isPrivate>
        {booking.guest.name}
        <Text span size="xs" c="dimmed" display="block">
          {booking.guest.email} · {booking.guest.phone}
        </Text>
      </Fact>
      <Fact label={t('bookings.fields.hotelRoom')} isPrivate>
        {[booking.guest.hotel, booking.guest.room].filter(Boolean).join(' · ') || '—'}
      </Fact>
      <Fact label={t('bookings.fields.pickUpTime')} testId="fact-pick-up">
        {booking.pickUpTime ?? dash}
      </Fact>
      <Fact label={t('bookings.fields.tickets')} testId="fact-tickets">
        {booking.ticketNumbers.length > 0 ? booking.ticketNumbers.join(', ') : dash}
      </Fact>
      <Fact label={t('bookings.fields.agent')}>
        <BookedBy name={booking.agent.name} channel={booking.channel} />
      </Fact>
      {booking.sale && (
        <Fact label={t('saleChannel.paidByCustomer')} testId="fact-sale">
          <Money amount={booking.sale.total} currency={booking.sale.currencyCode} />{' '}
          <MarginStatusBadge status={booking.sale.marginStatus} />
        </Fact>
      )}
      <Fact label={t('bookings.fields.createdAt')}>{formatDateTime(booking.createdAt, language)}</Fact>
      {booking.confirmedAt && (
        <Fact label={t('bookings.fields.confirmedAt')}>{formatDateTime(booking.confirmedAt, language)}</Fact>
      )}
      {booking.cancelledAt && (
        <Fact label={t('bookings.fields.cancelledAt')}>{formatDateTime(booking.cancelledAt, language)}</Fact>
      )}
      <Fact label={t('bookings.fields.paymentMethod')}>
        {booking.paymentMethod ? t(`bookings.paymentMethod.${booking.paymentMethod}`) : dash}
      </Fact>
      {booking.promoCode && (
        <Fact label={t('bookings.fields.promo')}>
          {booking.promoCode}
          {booking.promoPercent !== null ? ` (−${booking.promoPercent}%)` : ''}
        </Fact>
      )}
      {booking.notes && (
        <Fact label={t('bookings.fields.notes')} isPrivate>
          {booking.notes}
        </Fact>
      )}
      {booking.declineReason && <Fact label={t('bookings.fields.declineReason')}>{booking.declineReason}</Fact>}
    </SimpleGrid>
  );
}
