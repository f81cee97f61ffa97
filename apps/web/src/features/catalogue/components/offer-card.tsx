import { Badge, Box, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { AvailabilityRow, Offer, OfferPriceRow } from '@portal/contract';
import { IconCheck, IconCircleCheck, IconCircleX, IconClockHour4, IconHourglassHigh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { TFunction } from '@/lib/i18n';
import { useTranslation } from '@/lib/i18n';
import { firstTier, offerDayStatus, type OfferDayStatus } from '../utils/availability';
import { Money } from '@/components/money';
import { PlainTable } from '@/components/plain-table';
import { TourImage } from './tour-image';
import classes from './tour-page.module.css';

type OfferCardProps = {
  offer: Offer;
  isSelected: boolean;
  onSelect: () => void;
  price: OfferPriceRow | undefined;
  isPriceLoading: boolean;
  slots: readonly AvailabilityRow[] | undefined;
};

function DayStatus({ offer, slots }: { offer: Offer; slots: readonly AvailabilityRow[] | undefined }) {
  const { t } = useTranslation();
  const status = offerDayStatus(offer, slots);
  if (status.kind === 'loading') return <Skeleton height={16} width={180} />;
  if (status.kind === 'closed')
    return <StatusLine icon={<IconCircleX size={16} />} color="gray.6" text={t('catalogue.offer.closed')} />;
  if (status.kind === 'soldOut')
    return <StatusLine icon={<IconCircleX size={16} />} color="red.7" text={t('catalogue.offer.soldOut')} />;
  const bookable = status.open - status.onRequest;
  const text = dayStatusText(t, offer, status);
  return bookable === 0 ? (
    <StatusLine icon={<IconHourglassHigh size={16} />} color="yellow.8" text={text} />
  ) : (
    <StatusLine icon={<IconCircleCheck size={16} />} color="teal.7" text={text} />
  );
}

// Defect 15: say what is available and what is on request, in words (never "1 of 1 times available · on request").
// Why a time is on request: the offer is not instant, or (an instant offer) its cut-off has passed.
function dayStatusText(t: TFunction, offer: Offer, status: Extract<OfferDayStatus, { kind: 'available' }>): string {
  const reason = offer.isInstant ? 'PastCutOff' : 'OnRequest';
  if (offer.availabilityType !== 'timeslots') {
    const key = status.onRequest === 0 ? 'openingHours' : `openingHours${reason}`;
    return t(`catalogue.offer.${key}`, {
      from: offer.openingHours?.from ?? '',
      to: offer.openingHours?.to ?? '',
      left: status.left,
    });
  }
  const bookable = status.open - status.onRequest;
  if (status.onRequest === 0) {
    return status.open === status.total
      ? t('catalogue.offer.timesAvailable', { count: status.open })
      : t('catalogue.offer.timesAvailableOf', { open: status.open, total: status.total });
  }
  if (bookable > 0) return t('catalogue.offer.timesMixed', { count: bookable, request: status.onRequest });
  return t(`catalogue.offer.times${reason}`, { count: status.open });
}

function StatusLine({ icon, color, text }: { icon: ReactNode; color: string; text: string }) {
  return (
    <Group gap={6} c={color} wrap="nowrap" data-testid="offer-status">
      {icon}
      <Text size="sm" fw={600}>
        {text}
      </Text>
    </Group>
  );
}

function PriceTable({
  offer,
  price,
  isLoading,
}: {
  offer: Offer;
  price: OfferPriceRow | undefined;
  isLoading: boolean;
}) {
  const { t } = useTranslation();
  if (!price && isLoading) return <Skeleton height={48} width={240} />;
  if (!price)
    return (
      <Text size="sm" c="dimmed">
        {t('catalogue.offer.noPrice')}
      </Text>
    );
  const rows =
    offer.pricingUnit === 'trip'
      ? [{ key: 'trip', label: t('catalogue.people.trip'), published: price.recPricePerTrip, net: price.pricePerTrip }]
      : [
          {
            key: 'adult',
            label: t('catalogue.people.adult'),
            published: price.recPricePerAdult,
            net: price.pricePerAdult,
          },
          {
            key: 'child',
            label: t('catalogue.people.child'),
            published: price.recPricePerChild,
            net: price.pricePerChild,
          },
        ];
  return (
    <PlainTable verticalSpacing={2} horizontalSpacing={8} width="auto" testId={`offer-${offer.id}-prices`}>
      <thead>
        <tr>
          <th />
          <Box component="th" fz="xs" c="dimmed" tt="uppercase" fw={600} ta="right">
            {t('catalogue.price.published')}
          </Box>
          <Box component="th" fz="xs" c="brand.6" tt="uppercase" fw={700} ta="right">
            {t('catalogue.price.net')}
          </Box>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <Box component="td" c="dimmed">
              {row.label}
            </Box>
            <Box component="td" ta="right">
              {row.published === null ? '—' : <Money amount={row.published} currency={price.currencyCode} />}
            </Box>
            <Box component="td" ta="right" fw={700} c="brand.7">
              {row.net === null ? '—' : <Money amount={row.net} currency={price.currencyCode} />}
            </Box>
          </tr>
        ))}
      </tbody>
    </PlainTable>
  );
}

// One ticket option (SPEC §2) with its status and prices on the chosen date
export function OfferCard({ offer, isSelected, onSelect, price, isPriceLoading, slots }: OfferCardProps) {
  const { t } = useTranslation();
  const tier = firstTier(offer.cancellationPolicy);

  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      className={classes.offer}
      data-selected={isSelected || undefined}
      data-testid="offer"
      data-offer-id={offer.id}
    >
      <Group align="flex-start" wrap="nowrap" gap="md">
        <div className={classes.offerThumb}>
          <TourImage image={offer.heroImage} sizes="112px" alt="" />
        </div>
        <Stack gap={6} flex={1} miw={0}>
          <Text fw={700} size="lg" lh={1.3}>
            {offer.name}
          </Text>
          <Text size="sm" c="dimmed">
            {offer.description}
          </Text>
          <Group gap={6} mt={2}>
            <Badge variant="light" color="brand" size="sm">
              {offer.ticketType.name}
            </Badge>
            <Badge variant="light" color="gray" size="sm">
              {t(offer.pricingUnit === 'trip' ? 'catalogue.offer.perTrip' : 'catalogue.offer.perPerson')}
            </Badge>
            {offer.isInstant ? (
              <Badge variant="light" color="teal" size="sm">
                {t('catalogue.card.instant')}
              </Badge>
            ) : (
              <Badge variant="light" color="yellow" size="sm">
                {t('catalogue.card.onRequest')}
              </Badge>
            )}
            {offer.hasPickUp && (
              <Badge variant="light" color="gray" size="sm">
                {t('catalogue.card.pickUp')}
              </Badge>
            )}
          </Group>
          <Group gap="lg" c="dimmed" style={{ rowGap: 2 }}>
            {offer.cutOffHours > 0 && (
              <Group gap={4} wrap="nowrap">
                <IconClockHour4 size={14} aria-hidden />
                <Text size="xs">{t('catalogue.offer.cutOff', { hours: offer.cutOffHours })}</Text>
              </Group>
            )}
            <Text size="xs">
              {tier
                ? tier.percents === 100
                  ? t('catalogue.offer.freeCancellation', { hours: tier.hours })
                  : t('catalogue.offer.partialRefund', { percents: tier.percents, hours: tier.hours })
                : t('catalogue.offer.nonRefundable')}
            </Text>
          </Group>
        </Stack>
      </Group>
      <Group justify="space-between" align="flex-end" mt="md" gap="md">
        <Stack gap={8}>
          <DayStatus offer={offer} slots={slots} />
          <PriceTable offer={offer} price={price} isLoading={isPriceLoading} />
        </Stack>
        <Button
          onClick={onSelect}
          variant={isSelected ? 'filled' : 'outline'}
          leftSection={isSelected ? <IconCheck size={16} /> : undefined}
          aria-pressed={isSelected}
          aria-label={t('catalogue.offer.selectLabel', { name: offer.name })}
        >
          {isSelected ? t('catalogue.offer.selected') : t('catalogue.offer.select')}
        </Button>
      </Group>
    </Paper>
  );
}
