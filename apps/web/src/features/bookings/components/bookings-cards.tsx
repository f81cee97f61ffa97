import { Card, Group, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import type { BookingListRow } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router';
import { Money } from '@/components/money';
import { BookedBy, WidgetSaleMark } from '@/components/sale-channel';
import { TourAndOption } from '@/components/tour-and-option';
import { formatDate, formatDay } from '@/lib/format';
import { useLocale } from '@/lib/locale';
import { Fact } from './booking-facts';
import { BookingStatusBadge } from './booking-status-badge';

type BookingsCardsProps = { rows: readonly BookingListRow[]; hrefFor: (id: string) => string };

// The list on a phone: one card per booking with the columns that matter most; the rest is in the detail
export function BookingsCards({ rows, hrefFor }: BookingsCardsProps) {
  const { t } = useTranslation();
  const { language } = useLocale();
  const dash = '—';
  return (
    <Stack gap="sm" data-testid="bookings-cards">
      {rows.map((row) => (
        <UnstyledButton
          key={row.id}
          component={Link}
          to={hrefFor(row.id)}
          data-testid="booking-row"
          data-reference={row.reference}
        >
          <Card withBorder padding="md" radius="md">
            <Stack gap="xs">
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text fw={700}>
                  {row.reference}
                  <WidgetSaleMark channel={row.channel} />
                </Text>
                <BookingStatusBadge status={row.status} size="sm" />
              </Group>
              <div>
                <TourAndOption tour={row.tour} option={row.offer} weight={600} />
              </div>
              <SimpleGrid cols={2} spacing="xs" verticalSpacing={6}>
                <Fact label={t('bookings.columns.bookingDate')}>
                  {formatDate(row.bookingDate, language)}
                  {row.time ? ` · ${row.time}` : ''}
                </Fact>
                <Fact label={t('bookings.columns.createdAt')}>{formatDay(row.createdAt, language)}</Fact>
                <Fact label={t('bookings.columns.guestName')} isPrivate>
                  {row.guestName}
                </Fact>
                <Fact label={t('bookings.columns.people')}>
                  {row.adults}/{row.children}/{row.infants}
                </Fact>
                <Fact label={t('bookings.columns.publishedRate')}>
                  <Money amount={row.publishedRate} currency={row.currencyCode} />
                </Fact>
                <Fact label={t('bookings.columns.netRate')}>
                  <Money amount={row.netRate} currency={row.currencyCode} />
                </Fact>
                <Fact label={t('bookings.columns.pickUpTime')}>{row.pickUpTime ?? dash}</Fact>
                <Fact label={t('bookings.columns.agent')}>
                  <BookedBy name={row.agent} channel={row.channel} />
                </Fact>
              </SimpleGrid>
            </Stack>
          </Card>
        </UnstyledButton>
      ))}
    </Stack>
  );
}
