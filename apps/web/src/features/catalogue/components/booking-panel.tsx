import { useState } from 'react';
import { Alert, Button, Divider, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { checkPeopleAgainstAvailability, checkPeopleLimits, confirmationMode } from '@portal/contract';
import type { AvailabilityRow, Offer, OfferPriceRow, PromoCodeResponse } from '@portal/contract';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format';
import { useLocale } from '@/lib/locale';
import { useInsightEvent } from '@/lib/use-insight-event';
import { useMe } from '@/lib/me';
import type { SelectionPatch, TourSelection } from '../hooks/use-tour-selection';
import { netAfterPromo, selectionTotals } from '@/lib/pricing';
import { CurrencyNote } from '@/components/currency-note';
import { CancellationPolicy } from '@/components/cancellation-policy';
import { PeopleSteppers } from './people-steppers';
import { PriceSummary } from '@/components/price-summary';
import { SelectionCard } from '@/components/selection-card';
import { PromoCodeField } from './promo-code-field';
import { SoldOutAlternatives } from './sold-out-alternatives';
import { TimeSlots } from './time-slots';
import { availabilityAsked } from '../utils/availability-insight';
import { PendingNotice } from '@/components/pending-notice';
import { ErrorAlert } from '@/components/error-alert';

// an availability question is recorded once the agent has stopped changing it (people steppers, times)
const ASK_SETTLES_MS = 1_500;

type BookingPanelProps = {
  tourId: number;
  offers: readonly Offer[];
  selection: TourSelection;
  onChange: (patch: SelectionPatch) => void;
  slots: readonly AvailabilityRow[] | undefined;
  price: OfferPriceRow | undefined;
  // the same price in the agency's account currency, when the page shows another one
  chargedPrice?: OfferPriceRow | undefined;
};

// The selected option on the chosen date: time, people (SPEC §5 rules live), prices, promo code, then Book / Request
export function BookingPanel({ tourId, offers, selection, onChange, slots, price, chargedPrice }: BookingPanelProps) {
  const { t } = useTranslation();
  const agencyStatus = useMe().data?.agency?.status;
  const { language } = useLocale();
  const [promo, setPromo] = useState<PromoCodeResponse | null>(null);
  const { offer, people, date, time } = selection;
  // issue 31: what the agent asked for and what was free (demand not served when nothing could be booked)
  useInsightEvent(
    offer && slots && selection.isChosen ? availabilityAsked({ tourId, offer, date, time, people }, slots) : null,
    ASK_SETTLES_MS,
  );

  if (!offer) {
    return (
      <Paper withBorder p="lg" shadow="sm">
        <Text c="dimmed">{t('catalogue.booking.chooseOption')}</Text>
      </Paper>
    );
  }

  const isTimeslots = offer.availabilityType === 'timeslots';
  const row = slots?.find((r) => (isTimeslots ? r.time === time : r.time === null)) ?? null;
  const isDayClosed = slots !== undefined && slots.length === 0;
  const isDaySoldOut = slots !== undefined && slots.length > 0 && slots.every((r) => r.isSoldOut);
  // SPEC §5: min/max people always; stock once a time (or the day of an opening-hours offer) is chosen
  const check = row ? checkPeopleAgainstAvailability(people, row, offer) : checkPeopleLimits(people, offer);
  // Issue 9: a sold-out choice, or one short of seats for these people, gets one message and the alternatives
  const isChoiceSoldOut = isDaySoldOut || (row?.isSoldOut ?? false);
  const isShortOfSeats = !isChoiceSoldOut && !check.ok && check.code === 'stock';
  const soldOutMessage = isDaySoldOut
    ? t('catalogue.booking.daySoldOut', { date: formatDate(date, language) })
    : row?.isSoldOut
      ? t('catalogue.booking.timeSoldOut', { date: formatDate(date, language), time: row.time ?? '' })
      : isShortOfSeats
        ? t('peopleMessages.stock', { n: check.ok ? 0 : check.n })
        : null;
  const mode = row ? confirmationMode(offer, row) : offer.isInstant ? 'instant' : 'request';
  const totals = price ? selectionTotals(offer, price, people) : null;
  const charged = chargedPrice ? netAfterPromo(offer, chargedPrice, people, promo?.percent ?? null) : null;
  // SPEC §5/§8: say before the agent books that it becomes a quotation request (past cut-off, or not instant)
  const showRequestNotice = mode === 'request' && (row ? !row.isSoldOut : !isDayClosed && !isDaySoldOut);
  // an agency waiting for approval sees no net rates and cannot book (the server answers the same)
  const isAwaitingApproval = agencyStatus === 'pending';
  const canBook =
    !isAwaitingApproval && row !== null && !row.isSoldOut && check.ok && totals !== null && totals.net !== null;
  const checkoutHref = paths.checkout.getHref({
    tour: String(tourId),
    offer: String(offer.id),
    date,
    time: row?.time ?? undefined,
    adults: String(people.adults),
    children: String(people.children),
    infants: String(people.infants),
    promo: promo?.code,
    mode,
  });

  return (
    <SelectionCard
      testId="booking-panel"
      heading={{
        id: 'booking-title',
        eyebrow: t('catalogue.booking.title'),
        title: offer.name,
        date,
        time: row?.time,
        note: offer.ticketType.name,
        testId: 'booking',
      }}
    >
      {isTimeslots && slots && slots.length > 0 && (
        <Stack gap={6}>
          <Text fw={600} size="sm">
            {t('catalogue.booking.time')}
          </Text>
          <TimeSlots rows={slots} selected={time} onSelect={(value) => onChange({ time: value })} />
        </Stack>
      )}
      {!isTimeslots && offer.openingHours && !isDayClosed && (
        <Text size="sm" c="gray.7">
          {t('catalogue.booking.openingHours', { from: offer.openingHours.from, to: offer.openingHours.to })}
        </Text>
      )}
      {slots === undefined && <Skeleton height={56} />}
      {isDayClosed && (
        <Alert color="gray" icon={<IconInfoCircle size={18} />}>
          {t('catalogue.booking.closed', { date: formatDate(date, language) })}
        </Alert>
      )}
      {soldOutMessage && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert" data-testid="sold-out-message">
          {soldOutMessage}
        </Alert>
      )}
      {soldOutMessage && (
        <SoldOutAlternatives tourId={tourId} offers={offers} offer={offer} selection={selection} onChange={onChange} />
      )}

      <Divider />
      <PeopleSteppers people={people} ages={offer.ages} onChange={(next) => onChange({ people: next })} />
      {!check.ok && check.code !== 'stock' && (
        <ErrorAlert iconSize={18} isAnnounced testId="people-rule">
          {t(`peopleMessages.${check.code}`, { n: check.n })}
        </ErrorAlert>
      )}
      {showRequestNotice && (
        <PendingNotice iconSize={18} title={t('catalogue.booking.requestTitle')} testId="request-notice">
          {row?.isPastCutOff
            ? t('catalogue.booking.requestCutOff', { hours: offer.cutOffHours })
            : t('catalogue.booking.requestNotInstant')}
        </PendingNotice>
      )}

      <Divider />
      {isAwaitingApproval ? (
        <PendingNotice iconSize={18} testId="awaiting-approval">
          {t('catalogue.booking.awaitingApproval')}
        </PendingNotice>
      ) : totals && price ? (
        <>
          <PriceSummary totals={totals} currency={price.currencyCode} promoPercent={promo?.percent ?? null} />
          {chargedPrice && charged !== null && (
            <CurrencyNote kind="charged" amount={charged} currency={chargedPrice.currencyCode} testId="charged-note" />
          )}
        </>
      ) : (
        <Text size="sm" c="dimmed">
          {t('catalogue.offer.noPrice')}
        </Text>
      )}
      <PromoCodeField applied={promo} onApply={setPromo} />
      <CancellationPolicy policy={offer.cancellationPolicy} />

      {isTimeslots && !time && slots && slots.some((r) => !r.isSoldOut) && (
        <Text size="sm" c="dimmed" ta="center">
          {t('catalogue.booking.chooseTime')}
        </Text>
      )}
      {canBook ? (
        <Button
          component={Link}
          to={checkoutHref}
          size="lg"
          fullWidth
          color={mode === 'request' ? 'orange.7' : 'brand'}
          data-testid="book-button"
        >
          {mode === 'request' ? t('catalogue.booking.request') : t('catalogue.booking.book')}
        </Button>
      ) : (
        <Button size="lg" fullWidth disabled data-testid="book-button">
          {mode === 'request' ? t('catalogue.booking.request') : t('catalogue.booking.book')}
        </Button>
      )}
    </SelectionCard>
  );
}
