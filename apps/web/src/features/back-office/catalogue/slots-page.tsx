import { Loader, SegmentedControl, Stack } from '@mantine/core';
import { monthOf, monthRange, type CalendarMonth } from '@portal/contract/plain';
import { useMemo, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useParams, useSearchParams } from 'react-router';
import { LoadFailed } from '@/components/load-failed';
import { PageHeader } from '@/components/page-header';
import { useDocumentPageTitle } from '@/components/page-title';
import { paths } from '@/config/paths';
import { todayInDubai } from '@/lib/format';
import { useLocale } from '@/lib/locale';
import { ObjectHistory } from '../components/object-history';
import { listParam } from '../utils/list-params';
import { useOfferSlots } from './api/catalogue';
import { SlotGenerator } from './components/slot-generator';
import { SlotsBulkBar } from './components/slots-bulk-bar';
import { SlotsCalendar } from './components/slots-calendar';
import { useSlotSelection } from './hooks/use-slot-selection';
import { slotsByDate } from './utils/slot-calendar';
import { BackLink } from '@/components/back-link';

// /admin/offers/{id}/slots: an option's time slots by month (a grid on wide screens, a list on phones) with the seats
// sold, held and left; chosen slots get a new stock or are closed or opened; the weekly generator adds slots. `?date=`
// opens that date's month (a link from demand not served).
export function SlotsPage() {
  const { t } = useTranslation();
  const { language } = useLocale();
  const offerId = Number(useParams().id);
  const [params] = useSearchParams();
  const [month, setMonth] = useState<CalendarMonth>(() =>
    monthOf(listParam.day()(params.get('date')) ?? todayInDubai()),
  );
  const { from, to } = monthRange(month);
  const slots = useOfferSlots(offerId, from, to);
  const { selected, toggle, clear } = useSlotSelection();
  const [historyOf, setHistoryOf] = useState<'slot' | 'offer'>('slot');
  const data = slots.data;
  const byDate = useMemo(() => slotsByDate(data?.slots ?? []), [data]);
  useDocumentPageTitle(t('boCatalogue.slots.title'));

  if (slots.isError && !data)
    return <LoadFailed error={slots.error} onRetry={() => void slots.refetch()} isRetrying={slots.isFetching} />;
  if (!data) return <Loader size="sm" aria-label={t('common.loading')} />;
  const offer = data.offer;

  return (
    <Stack gap="lg" data-testid="slots-page">
      <BackLink to={paths.backOffice.tour.getHref(offer.tourId)}>{offer.tourTitle[language]}</BackLink>
      <PageHeader
        title={t('boCatalogue.slots.titleOf', { name: offer.name[language] })}
        subtitle={t('boCatalogue.slots.subtitle')}
      />
      <SlotsBulkBar offer={offer} selected={[...selected]} onDone={clear} onClear={clear} />
      <SlotsCalendar month={month} onMonthChange={setMonth} byDate={byDate} selected={selected} toggle={toggle} />
      <SlotGenerator offer={offer} defaultFrom={from} />
      <ObjectHistory
        filter={{ entity: historyOf, entityId: String(offer.id) }}
        testId="offer-history"
        extra={
          <SegmentedControl
            size="xs"
            value={historyOf}
            onChange={(value) => setHistoryOf(value === 'offer' ? 'offer' : 'slot')}
            data={[
              { value: 'slot', label: t('boCatalogue.slots.historyOfSlots') },
              { value: 'offer', label: t('boCatalogue.slots.historyOfOffer') },
            ]}
          />
        }
      />
    </Stack>
  );
}
