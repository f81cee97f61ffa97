import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { isUuid } from '@portal/contract/plain';
import type { AdminBookingDetail } from '@portal/contract';
import { IconBan } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { Link, Navigate, useParams } from 'react-router';
import { BackLink } from '@/components/back-link';
import { LabelledValue } from '@/components/labelled-value';
import { Money } from '@/components/money';
import { useDocumentPageTitle } from '@/components/page-title';
import { QueryContent } from '@/components/query-content';
import { paths } from '@/config/paths';
import { formatDate, formatDateTime } from '@/lib/format';
import { useLocale } from '@/lib/locale';
import { useAdminBooking } from './api/bookings';
import { BookingHistory } from './components/booking-history';
import { DeskStatusBadge } from './components/booking-status-badge';
import { CancelDialog } from './components/cancel-dialog';
import { PaymentsTable } from './components/payments-table';
import { guestsText } from './components/guests';
import { Section } from '../components/section';
import { BookingReplays } from '../replay/replay-sessions';
import { TableHead } from '@/components/table-head';

const canCancel = (detail: AdminBookingDetail) => detail.booking.status !== 'cancelled';

function Detail({ detail }: { detail: AdminBookingDetail }) {
  const { t } = useTranslation();
  const { language } = useLocale();
  const [cancelling, setCancelling] = useState(false);
  const { booking, agency } = detail;
  const currency = booking.amounts.currencyCode;
  return (
    <Stack gap="lg" data-testid="admin-booking-page" data-reference={booking.reference}>
      <BackLink to={paths.backOffice.bookings.getHref()}>{t('boDesk.booking.back')}</BackLink>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Group gap="sm" wrap="wrap">
            <Title order={1} size="h2">
              {booking.reference}
            </Title>
            <DeskStatusBadge status={booking.status} />
            {booking.isRequest && <Badge variant="outline">{t('boDesk.booking.request')}</Badge>}
          </Group>
          <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
            {booking.tour.title} — {booking.offer.name}
          </Text>
        </Stack>
        {canCancel(detail) && (
          <Button color="red" variant="light" leftSection={<IconBan size={16} />} onClick={() => setCancelling(true)}>
            {t('boDesk.booking.cancel')}
          </Button>
        )}
      </Group>
      {booking.status === 'cancelled' && (
        <Alert color="gray" variant="light" title={t('boDesk.booking.cancelledTitle')} data-testid="cancelled-summary">
          <Stack gap={2}>
            {booking.cancelledAt && <Text size="sm">{formatDateTime(booking.cancelledAt, language)}</Text>}
            {booking.cancellationFee !== null && (
              <Text size="sm">
                {t('boDesk.booking.feeKept')}: <Money amount={booking.cancellationFee} currency={currency} /> ·{' '}
                {t('boDesk.booking.refunded')}: <Money amount={booking.refundAmount ?? 0} currency={currency} />
              </Text>
            )}
            {booking.declineReason && <Text size="sm">{booking.declineReason}</Text>}
          </Stack>
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Section title={t('boDesk.booking.trip')}>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <LabelledValue isPlain isDashWhenEmpty label={t('boDesk.fields.date')}>
              {formatDate(booking.date, language)}
              {booking.time ? `, ${booking.time}` : ''}
            </LabelledValue>
            <LabelledValue isPlain isDashWhenEmpty label={t('boDesk.fields.guests')}>
              {guestsText(t, booking)}
            </LabelledValue>
            <LabelledValue isPlain isDashWhenEmpty label={t('boDesk.fields.guest')}>
              {booking.guest.name}
            </LabelledValue>
            <LabelledValue isPlain isDashWhenEmpty label={t('boDesk.booking.contact')}>
              {[booking.guest.email, booking.guest.phone].join(' · ')}
            </LabelledValue>
            <LabelledValue isPlain isDashWhenEmpty label={t('boDesk.fields.hotel')}>
              {[booking.guest.hotel, booking.guest.room].filter(Boolean).join(', ')}
            </LabelledValue>
            <LabelledValue isPlain isDashWhenEmpty label={t('boDesk.booking.pickUp')}>
              {booking.pickUpTime ?? ''}
            </LabelledValue>
            <LabelledValue isPlain isDashWhenEmpty label={t('boDesk.booking.tickets')}>
              {booking.ticketNumbers.join(', ')}
            </LabelledValue>
            <LabelledValue isPlain isDashWhenEmpty label={t('boDesk.fields.created')}>
              {formatDateTime(booking.createdAt, language)}
            </LabelledValue>
          </SimpleGrid>
          <LabelledValue isPlain isDashWhenEmpty label={t('boDesk.requests.agentNote')}>
            {booking.notes}
          </LabelledValue>
        </Section>
        <Section title={t('boDesk.booking.agencyAndAgent')}>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <LabelledValue isPlain isDashWhenEmpty label={t('boDesk.fields.agency')}>
              <Anchor component={Link} to={paths.backOffice.agency.getHref(agency.id)} size="sm">
                {agency.name}
              </Anchor>
            </LabelledValue>
            <LabelledValue isPlain isDashWhenEmpty label={t('boDesk.booking.site')}>
              {agency.siteId}
            </LabelledValue>
            <LabelledValue isPlain isDashWhenEmpty label={t('boDesk.fields.agent')}>
              {booking.agent.name}
            </LabelledValue>
            <LabelledValue isPlain isDashWhenEmpty label={t('boDesk.booking.agentEmail')}>
              {booking.agent.email}
            </LabelledValue>
          </SimpleGrid>
        </Section>
      </SimpleGrid>
      <Section title={t('boDesk.booking.amounts')}>
        <Table.ScrollContainer minWidth={420}>
          <Table fz="sm" verticalSpacing={6}>
            <TableHead
              textKeys="boDesk.booking"
              cells={[
                'line',
                { key: 'quantity', align: 'right' },
                { key: 'published', align: 'right' },
                { key: 'net', align: 'right' },
              ]}
            />
            <Table.Tbody>
              {booking.amounts.lines.map((line) => (
                <Table.Tr key={line.unit}>
                  <Table.Td>{t(`boDesk.units.${line.unit}`)}</Table.Td>
                  <Table.Td ta="right">{line.quantity}</Table.Td>
                  <Table.Td ta="right">
                    <Money amount={line.published} currency={currency} />
                  </Table.Td>
                  <Table.Td ta="right">
                    <Money amount={line.net} currency={currency} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <LabelledValue isPlain isDashWhenEmpty label={t('boDesk.booking.published')}>
            <Money amount={booking.amounts.publishedTotal} currency={currency} />
          </LabelledValue>
          <LabelledValue isPlain isDashWhenEmpty label={t('boDesk.fields.net')}>
            <Money
              amount={booking.quote?.netTotal ?? booking.amounts.netTotal}
              currency={currency}
              testId="booking-net"
            />
          </LabelledValue>
          <LabelledValue isPlain isDashWhenEmpty label={t('boDesk.booking.paidBy')}>
            {booking.paymentMethod ? t(`boDesk.paymentMethods.${booking.paymentMethod}`) : '—'}
          </LabelledValue>
          <LabelledValue isPlain isDashWhenEmpty label={t('boDesk.booking.promo')}>
            {booking.promoCode ? `${booking.promoCode} (−${booking.promoPercent ?? 0}%)` : ''}
          </LabelledValue>
        </SimpleGrid>
        {booking.quote && (
          <Text size="sm">
            {t('boDesk.requests.quoteGiven')}: <Money amount={booking.quote.netTotal} currency={currency} /> ·{' '}
            {t('boDesk.requests.validUntil', { at: formatDateTime(booking.quote.expiresAt, language) })}
          </Text>
        )}
      </Section>
      <Section
        title={t('boDesk.booking.payments')}
        empty={
          detail.payments.length === 0 &&
          t(booking.paymentMethod === 'balance' ? 'boDesk.booking.paidFromBalance' : 'boDesk.booking.noPayments')
        }
      >
        <PaymentsTable rows={detail.payments} showAgency={false} />
      </Section>
      <Section title={t('boDesk.booking.history')}>
        <BookingHistory entries={detail.history} />
      </Section>
      <BookingReplays bookingId={booking.id} />
      {cancelling && <CancelDialog detail={detail} opened onClose={() => setCancelling(false)} />}
    </Stack>
  );
}

// /admin/bookings/:id: one booking of any agency, cancelled on the agency's behalf from here
export function BookingPage() {
  const { t } = useTranslation();
  const { language } = useLocale();
  const { id = '' } = useParams();
  const valid = isUuid(id);
  const booking = useAdminBooking(valid ? id : '', language);
  useDocumentPageTitle(booking.data ? booking.data.booking.reference : t('boDesk.bookings.title'));
  if (!valid) return <Navigate to={paths.notFound.getHref()} replace />;
  return (
    <QueryContent query={booking} loading={<Skeleton height={320} radius="md" />}>
      {(data) => <Detail detail={data} />}
    </QueryContent>
  );
}
