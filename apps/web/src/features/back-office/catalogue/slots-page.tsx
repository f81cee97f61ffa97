import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Checkbox,
  Chip,
  Group,
  Loader,
  NumberInput,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { AdminSlot, AdminSlotsResponse } from '@portal/contract';
import { addDays, ISO_WEEKDAYS } from '@portal/contract';
import { IconArrowLeft, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LoadFailed } from '@/components/load-failed';
import { PageHeader } from '@/components/page-header';
import { useDocumentPageTitle } from '@/components/page-title';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useLocale } from '@/lib/locale';
import { ObjectHistory } from '../components/object-history';
import { useGenerateSlots, useOfferSlots, useUpdateSlots } from './api/catalogue';
import { firstMessage } from './messages';
import { TypedDateInput } from '@/components/typed-date-input';

const pad = (n: number) => String(n).padStart(2, '0');
const monthStart = (date: string) => `${date.slice(0, 7)}-01`;
function monthEnd(first: string): string {
  const [y, m] = first.split('-').map(Number) as [number, number];
  return `${y}-${pad(m)}-${pad(new Date(Date.UTC(y, m, 0)).getUTCDate())}`;
}
function shiftMonth(first: string, by: number): string {
  const [y, m] = first.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + by, 1));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-01`;
}
// ISO weekday, 1 Monday … 7 Sunday
const isoWeekday = (date: string) => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
const todayDubai = () => new Date(Date.now() + 4 * 3_600_000).toISOString().slice(0, 10);

// /admin/offers/{id}/slots: an option's time slots by month (a grid on wide screens, a list on phones) with the seats
// sold, held and left; chosen slots get a new stock or are closed or opened; the weekly generator adds slots
export function SlotsPage() {
  const { t } = useTranslation();
  const { language } = useLocale();
  const offerId = Number(useParams().id);
  const [month, setMonth] = useState(() => monthStart(todayDubai()));
  const from = month;
  const to = monthEnd(month);
  const slots = useOfferSlots(offerId, from, to);
  const isPhone = useMediaQuery('(max-width: 47.99em)') ?? false;
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [historyOf, setHistoryOf] = useState<'slot' | 'offer'>('slot');
  const data = slots.data;
  useDocumentPageTitle(t('boCatalogue.slots.title'));

  const byDate = useMemo(() => {
    const map = new Map<string, AdminSlot[]>();
    for (const slot of data?.slots ?? []) map.set(slot.date, [...(map.get(slot.date) ?? []), slot]);
    return map;
  }, [data]);

  const toggle = (ids: number[], on?: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      const value = on ?? !ids.every((id) => next.has(id));
      for (const id of ids)
        if (value) next.add(id);
        else next.delete(id);
      return next;
    });

  if (slots.isError && !data)
    return <LoadFailed error={slots.error} onRetry={() => void slots.refetch()} isRetrying={slots.isFetching} />;
  if (!data) return <Loader size="sm" aria-label={t('common.loading')} />;
  const offer = data.offer;
  // 'November 2026', 'Ноябрь 2026 г.': only the first letter is raised (the Russian month is lower-case)
  const monthName = new Date(`${month}T00:00:00Z`).toLocaleDateString(language === 'ru' ? 'ru-RU' : 'en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const monthLabel = monthName.charAt(0).toUpperCase() + monthName.slice(1);

  return (
    <Stack gap="lg" data-testid="slots-page">
      <Anchor component={Link} to={paths.backOffice.tour.getHref(offer.tourId)} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} />
          {offer.tourTitle[language]}
        </Group>
      </Anchor>
      <PageHeader
        title={t('boCatalogue.slots.titleOf', { name: offer.name[language] })}
        subtitle={t('boCatalogue.slots.subtitle')}
      />
      <BulkBar
        data={data}
        selected={[...selected]}
        onDone={() => setSelected(new Set())}
        onClear={() => setSelected(new Set())}
      />
      <Card withBorder padding="md">
        <Group justify="space-between" mb="sm">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t('boCatalogue.slots.previous')}
            onClick={() => setMonth(shiftMonth(month, -1))}
          >
            <IconChevronLeft size={18} />
          </ActionIcon>
          <Title order={2} size="h4" data-testid="slots-month">
            {monthLabel}
          </Title>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t('boCatalogue.slots.next')}
            onClick={() => setMonth(shiftMonth(month, 1))}
            data-testid="slots-next-month"
          >
            <IconChevronRight size={18} />
          </ActionIcon>
        </Group>
        {isPhone ? (
          <Stack gap="xs" data-testid="slots-list">
            {[...byDate.entries()].length === 0 ? <Text c="dimmed">{t('boCatalogue.slots.none')}</Text> : null}
            {[...byDate.entries()].map(([date, daySlots]) => (
              <Paper key={date} withBorder p="xs">
                <Checkbox
                  mb={6}
                  label={
                    <Text fw={600}>
                      {t(`boCatalogue.weekdays.${isoWeekday(date)}`)}, {formatDate(date, language)}
                    </Text>
                  }
                  checked={daySlots.every((s) => selected.has(s.id))}
                  onChange={() => toggle(daySlots.map((s) => s.id))}
                />
                <Stack gap={6}>
                  {daySlots.map((slot) => (
                    <SlotChip key={slot.id} slot={slot} on={selected.has(slot.id)} onToggle={() => toggle([slot.id])} />
                  ))}
                </Stack>
              </Paper>
            ))}
          </Stack>
        ) : (
          <MonthGrid month={month} byDate={byDate} selected={selected} toggle={toggle} />
        )}
      </Card>
      <Generator offer={offer} defaultFrom={from} />
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

function SlotChip({ slot, on, onToggle }: { slot: AdminSlot; on: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  return (
    <UnstyledButton
      onClick={onToggle}
      data-testid="slot"
      data-date={slot.date}
      data-time={slot.time ?? ''}
      aria-pressed={on}
      style={{
        display: 'block',
        width: '100%',
        borderRadius: 6,
        padding: '4px 6px',
        border: `1px solid var(--mantine-color-${on ? 'blue-6' : 'gray-3'})`,
        background: on
          ? 'var(--mantine-color-blue-0)'
          : slot.isClosed
            ? 'var(--mantine-color-gray-1)'
            : slot.left === 0
              ? 'var(--mantine-color-red-0)'
              : 'white',
      }}
    >
      <Group gap={4} justify="space-between" wrap="nowrap">
        <Text size="xs" fw={700}>
          {slot.time ?? t('boCatalogue.slots.allDay')}
        </Text>
        {slot.isClosed ? (
          <Badge size="xs" color="gray" data-testid="slot-closed">
            {t('boCatalogue.slots.closed')}
          </Badge>
        ) : null}
      </Group>
      <Text size="xs" c="dimmed" data-testid="slot-seats">
        {t('boCatalogue.slots.seats', { sold: slot.sold, held: slot.held, left: slot.left, capacity: slot.capacity })}
      </Text>
    </UnstyledButton>
  );
}

function MonthGrid({
  month,
  byDate,
  selected,
  toggle,
}: {
  month: string;
  byDate: Map<string, AdminSlot[]>;
  selected: Set<number>;
  toggle: (ids: number[], on?: boolean) => void;
}) {
  const { t } = useTranslation();
  const first = month;
  const last = monthEnd(month);
  const lead = isoWeekday(first) - 1;
  const days: (string | null)[] = Array.from({ length: lead }, () => null);
  for (let d = first; d <= last; d = addDays(d, 1)) days.push(d);
  return (
    <Box data-testid="slots-grid">
      <SimpleGrid cols={7} spacing={4} mb={4}>
        {ISO_WEEKDAYS.map((w) => (
          <Text key={w} size="xs" fw={700} c="dimmed" ta="center">
            {t(`boCatalogue.weekdays.${w}`)}
          </Text>
        ))}
      </SimpleGrid>
      <SimpleGrid cols={7} spacing={4}>
        {days.map((date, i) => {
          if (!date) return <Box key={`lead-${i}`} />;
          const daySlots = byDate.get(date) ?? [];
          return (
            <Paper key={date} withBorder p={4} mih={96} data-testid="slot-day" data-date={date}>
              <UnstyledButton
                onClick={() => daySlots.length > 0 && toggle(daySlots.map((s) => s.id))}
                aria-label={t('boCatalogue.slots.selectDay', { date })}
              >
                <Text size="xs" fw={700} c={daySlots.length > 0 ? undefined : 'dimmed'}>
                  {Number(date.slice(8))}
                </Text>
              </UnstyledButton>
              <Stack gap={3} mt={2}>
                {daySlots.map((slot) => (
                  <SlotChip key={slot.id} slot={slot} on={selected.has(slot.id)} onToggle={() => toggle([slot.id])} />
                ))}
              </Stack>
            </Paper>
          );
        })}
      </SimpleGrid>
    </Box>
  );
}

function BulkBar({
  data,
  selected,
  onDone,
  onClear,
}: {
  data: AdminSlotsResponse;
  selected: number[];
  onDone: () => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateSlots(data.offer.id);
  const isSame = data.offer.isSameTicketForAdultsAndChildren;
  const [capacity, setCapacity] = useState<number | string>('');
  const [adults, setAdults] = useState<number | string>('');
  const [children, setChildren] = useState<number | string>('');
  const [error, setError] = useState<string | null>(null);
  const send = (change: { stock?: boolean; isClosed?: boolean }) => {
    setError(null);
    update.mutate(
      {
        slotIds: selected,
        capacity: change.stock && !isSame ? Number(capacity) : null,
        adultCapacity: change.stock && isSame ? Number(adults) : null,
        childCapacity: change.stock && isSame ? Number(children) : null,
        isClosed: change.isClosed ?? null,
      },
      {
        onSuccess: () => {
          notify.success(t('boCatalogue.slots.updated', { count: selected.length }));
          onDone();
        },
        onError: (e) => setError(firstMessage(e)),
      },
    );
  };
  const stockReady = isSame ? adults !== '' && children !== '' : capacity !== '';
  return (
    <Card withBorder padding="sm" data-testid="slots-bulk">
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600}>{t('boCatalogue.slots.selected', { count: selected.length })}</Text>
          {selected.length > 0 ? (
            <Button variant="subtle" size="xs" onClick={onClear}>
              {t('boCatalogue.slots.clear')}
            </Button>
          ) : null}
        </Group>
        <Group gap="xs" align="flex-end" wrap="wrap">
          {isSame ? (
            <>
              <NumberInput
                label={t('boCatalogue.slots.adultStock')}
                min={0}
                allowDecimal={false}
                value={adults}
                onChange={setAdults}
                w={130}
              />
              <NumberInput
                label={t('boCatalogue.slots.childStock')}
                min={0}
                allowDecimal={false}
                value={children}
                onChange={setChildren}
                w={130}
              />
            </>
          ) : (
            <NumberInput
              label={t('boCatalogue.slots.stock')}
              min={0}
              allowDecimal={false}
              value={capacity}
              onChange={setCapacity}
              w={130}
              data-testid="bulk-capacity"
            />
          )}
          <Button
            disabled={selected.length === 0 || !stockReady}
            loading={update.isPending}
            onClick={() => send({ stock: true })}
            data-testid="bulk-set-stock"
          >
            {t('boCatalogue.slots.setStock')}
          </Button>
          <Button
            variant="default"
            disabled={selected.length === 0}
            onClick={() => send({ isClosed: true })}
            data-testid="bulk-close"
          >
            {t('boCatalogue.slots.close')}
          </Button>
          <Button
            variant="default"
            disabled={selected.length === 0}
            onClick={() => send({ isClosed: false })}
            data-testid="bulk-open"
          >
            {t('boCatalogue.slots.open')}
          </Button>
        </Group>
        {error ? (
          <Alert color="red" variant="light" data-testid="slots-error">
            {error}
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
}

function Generator({ offer, defaultFrom }: { offer: AdminSlotsResponse['offer']; defaultFrom: string }) {
  const { t } = useTranslation();
  const generate = useGenerateSlots(offer.id);
  const start = defaultFrom < todayDubai() ? todayDubai() : defaultFrom;
  const [from, setFrom] = useState(start);
  const [to, setTo] = useState(addDays(start, 6));
  const [weekdays, setWeekdays] = useState<string[]>(ISO_WEEKDAYS.map(String));
  const [times, setTimes] = useState<string[]>(offer.startTimes);
  const [capacity, setCapacity] = useState<number | string>(offer.slotCapacity);
  const [adults, setAdults] = useState<number | string>(offer.adultCapacity ?? '');
  const [children, setChildren] = useState<number | string>(offer.childCapacity ?? '');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    setError(null);
    const isSame = offer.isSameTicketForAdultsAndChildren;
    generate.mutate(
      {
        from,
        to,
        weekdays: weekdays.map(Number),
        startTimes: offer.availabilityType === 'timeslots' ? times : [],
        capacity: isSame ? null : Number(capacity),
        adultCapacity: isSame ? Number(adults) : null,
        childCapacity: isSame ? Number(children) : null,
      },
      {
        onSuccess: (result) => notify.success(t('boCatalogue.generator.done', result)),
        onError: (e) => setError(firstMessage(e)),
      },
    );
  };
  return (
    <Card withBorder padding="md" data-testid="slots-generator">
      <Title order={2} size="h4" mb={4}>
        {t('boCatalogue.generator.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('boCatalogue.generator.hint')}
      </Text>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <TypedDateInput
            label={t('boCatalogue.generator.from')}
            value={from}
            onChange={setFrom}
            data-testid="generator-from"
          />
          <TypedDateInput
            label={t('boCatalogue.generator.to')}
            value={to}
            onChange={setTo}
            data-testid="generator-to"
          />
          {offer.isSameTicketForAdultsAndChildren ? (
            <>
              <NumberInput label={t('boCatalogue.slots.adultStock')} min={0} value={adults} onChange={setAdults} />
              <NumberInput label={t('boCatalogue.slots.childStock')} min={0} value={children} onChange={setChildren} />
            </>
          ) : (
            <NumberInput
              label={t('boCatalogue.slots.stock')}
              min={0}
              allowDecimal={false}
              value={capacity}
              onChange={setCapacity}
              data-testid="generator-capacity"
            />
          )}
        </SimpleGrid>
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('boCatalogue.generator.weekdays')}
          </Text>
          <Chip.Group multiple value={weekdays} onChange={setWeekdays}>
            <Group gap={6}>
              {ISO_WEEKDAYS.map((w) => (
                <Chip key={w} value={String(w)} size="sm">
                  {t(`boCatalogue.weekdays.${w}`)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </Stack>
        {offer.availabilityType === 'timeslots' ? (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('boCatalogue.generator.times')}
            </Text>
            <Chip.Group multiple value={times} onChange={setTimes}>
              <Group gap={6}>
                {offer.startTimes.map((time) => (
                  <Chip key={time} value={time} size="sm">
                    {time}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </Stack>
        ) : null}
        {error ? (
          <Alert color="red" variant="light">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button onClick={submit} loading={generate.isPending} data-testid="generate-slots">
            {t('boCatalogue.generator.submit')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
