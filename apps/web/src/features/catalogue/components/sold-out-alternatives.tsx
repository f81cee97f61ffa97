import { Anchor, Button, Skeleton, Stack, Text } from '@mantine/core';
import type { AlternativeTime, Offer } from '@portal/contract';
import { IconBell, IconBellCheck } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { formatDate } from '@/lib/format';
import { useLocale } from '@/lib/locale';
import { useCreateStockWatch } from '../api/create-stock-watch';
import { useAlternatives } from '../api/get-alternatives';
import { useCancelStockWatch } from '../api/cancel-stock-watch';
import { useStockWatches } from '../api/get-stock-watches';
import type { SelectionPatch, TourSelection } from '../hooks/use-tour-selection';
import classes from './tour-page.module.css';
import { NoticeAlert } from '@/components/notice-alert';

type SoldOutAlternativesProps = {
  tourId: number;
  offers: readonly Offer[];
  offer: Offer;
  selection: TourSelection;
  onChange: (patch: SelectionPatch) => void;
};

type Choice = { key: string; label: string; note: string; patch: SelectionPatch };

function ChoiceList({
  title,
  choices,
  testId,
  onChange,
}: {
  title: string;
  choices: Choice[];
  testId: string;
  onChange: (patch: SelectionPatch) => void;
}) {
  if (choices.length === 0) return null;
  return (
    <Stack gap={6} data-testid={testId}>
      <Text fw={600} size="sm">
        {title}
      </Text>
      <div className={classes.alternatives}>
        {choices.map((choice) => (
          <Button
            key={choice.key}
            variant="light"
            className={classes.alternative}
            data-testid="alternative"
            aria-label={`${choice.label}, ${choice.note}`}
            onClick={() => onChange(choice.patch)}
          >
            <span className={classes.slotInner}>
              <Text component="span" fw={700} size="sm" className={classes.alternativeLabel}>
                {choice.label}
              </Text>
              <Text component="span" size="xs" fw={500} opacity={0.8}>
                {choice.note}
              </Text>
            </span>
          </Button>
        ))}
      </div>
    </Stack>
  );
}

// Issue 9: under the one sold-out message, the next best things, each one click from "Book now" (the choice goes into
// the page's URL state), and "notify me" when seats for this choice come back.
export function SoldOutAlternatives({ tourId, offers, offer, selection, onChange }: SoldOutAlternativesProps) {
  const { t } = useTranslation();
  const { language } = useLocale();
  const { date, time, people } = selection;
  const watchTime = offer.availabilityType === 'timeslots' ? time : null;
  const alternatives = useAlternatives({ tourId, offerId: offer.id, date, time: watchTime, people });
  const watches = useStockWatches(offer.id, date);
  const createWatch = useCreateStockWatch();
  const watching = watches.data?.find((watch) => watch.time === watchTime);
  const isWatching = watching !== undefined;
  const cancelWatch = useCancelStockWatch(offer.id, date);

  const left = (slot: AlternativeTime) => t('catalogue.booking.left', { count: slot.left });
  // the second line of a choice: its time (if it has one) and the seats left
  const timeAndLeft = (slot: AlternativeTime) => (slot.time ? `${slot.time} · ${left(slot)}` : left(slot));
  const data = alternatives.data;
  const sameDate: Choice[] = (data?.sameDate ?? []).map((slot) => ({
    key: `time-${slot.time ?? ''}`,
    label: slot.time ?? '',
    note: left(slot),
    patch: { time: slot.time },
  }));
  const nearest: Choice[] = (data?.nearestDates ?? []).flatMap((day) =>
    day.times.map((slot) => ({
      key: `date-${day.date}-${slot.time ?? ''}`,
      label: formatDate(day.date, language),
      note: timeAndLeft(slot),
      patch: { date: day.date, time: slot.time },
    })),
  );
  const others: Choice[] = (data?.otherOffers ?? []).flatMap((other) => {
    const named = offers.find((o) => o.id === other.offerId);
    if (!named) return [];
    const isVisible = selection.visibleOffers.some((o) => o.id === other.offerId);
    return other.times.map((slot) => ({
      key: `offer-${other.offerId}-${slot.time ?? ''}`,
      label: named.name,
      note: named.isInstant ? timeAndLeft(slot) : `${timeAndLeft(slot)} · ${t('catalogue.booking.onRequest')}`,
      patch: { ...(isVisible ? {} : { ticketTypeId: null }), offerId: other.offerId, time: slot.time },
    }));
  });
  const formattedDate = formatDate(date, language);

  const handleNotify = () =>
    createWatch.mutate({
      offerId: offer.id,
      date,
      time: watchTime,
      adults: people.adults,
      children: people.children,
      infants: people.infants,
      language,
    });

  return (
    <Stack gap="sm" data-testid="sold-out-alternatives">
      {alternatives.isPending && <Skeleton height={64} />}
      {data && (
        <>
          <ChoiceList
            title={t('catalogue.alternatives.sameDate', { date: formattedDate })}
            choices={sameDate}
            testId="alternatives-same-date"
            onChange={onChange}
          />
          <ChoiceList
            title={t('catalogue.alternatives.nearestDates')}
            choices={nearest}
            testId="alternatives-dates"
            onChange={onChange}
          />
          <ChoiceList
            title={t('catalogue.alternatives.otherOffers', { date: formattedDate })}
            choices={others}
            testId="alternatives-offers"
            onChange={onChange}
          />
          {sameDate.length + nearest.length + others.length === 0 && (
            <Text size="sm" c="dimmed" data-testid="alternatives-none">
              {t('catalogue.alternatives.none')}
            </Text>
          )}
        </>
      )}
      {isWatching ? (
        <NoticeAlert color="teal" icon={IconBellCheck} iconSize={18} testId="notify-subscribed">
          {watchTime
            ? t('catalogue.alternatives.watchingTime', { date: formattedDate, time: watchTime })
            : t('catalogue.alternatives.watching', { date: formattedDate })}{' '}
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => watching && cancelWatch.mutate(watching.id)}
            disabled={cancelWatch.isPending}
            data-testid="notify-stop"
          >
            {t('catalogue.alternatives.stopWatching')}
          </Anchor>
        </NoticeAlert>
      ) : (
        <Button
          variant="default"
          leftSection={<IconBell size={16} />}
          loading={createWatch.isPending}
          onClick={handleNotify}
          data-testid="notify-me"
          fullWidth
        >
          {t('catalogue.alternatives.notifyMe')}
        </Button>
      )}
    </Stack>
  );
}
