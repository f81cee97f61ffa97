import { Alert, Button, Card, Chip, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { AdminSlotsResponse } from '@portal/contract';
import { addDays, ISO_WEEKDAYS } from '@portal/contract';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';
import { TypedDateInput } from '@/components/typed-date-input';
import { todayInDubai } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useGenerateSlots } from '../api/catalogue';
import { firstMessage } from '../messages';
import { stockBody, type StockDraft } from '../utils/slot-stock';
import { SlotStockFields } from './slot-stock-fields';

type Offer = AdminSlotsResponse['offer'];

function ChipChoice({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string[];
  onChange: (value: string[]) => void;
  children: ReactNode;
}) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Chip.Group multiple value={value} onChange={onChange}>
        <Group gap={6}>{children}</Group>
      </Chip.Group>
    </Stack>
  );
}

// The weekly generator: slots on the chosen weekdays (and start times) of a date range, with their stock; a slot that
// is already there is kept as it is
export function SlotGenerator({ offer, defaultFrom }: { offer: Offer; defaultFrom: string }) {
  const { t } = useTranslation();
  const generate = useGenerateSlots(offer.id);
  const [from, setFrom] = useState(() => (defaultFrom < todayInDubai() ? todayInDubai() : defaultFrom));
  const [to, setTo] = useState(() => addDays(from, 6));
  const [weekdays, setWeekdays] = useState<string[]>(ISO_WEEKDAYS.map(String));
  const [times, setTimes] = useState<string[]>(offer.startTimes);
  const [stock, setStock] = useState<StockDraft>({
    capacity: offer.slotCapacity,
    adults: offer.adultCapacity ?? '',
    children: offer.childCapacity ?? '',
  });
  const [error, setError] = useState<string | null>(null);
  const isTimeslots = offer.availabilityType === 'timeslots';
  const submit = () => {
    setError(null);
    generate.mutate(
      {
        from,
        to,
        weekdays: weekdays.map(Number),
        startTimes: isTimeslots ? times : [],
        ...stockBody(stock, offer.isSameTicketForAdultsAndChildren),
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
          <SlotStockFields
            isSameTicket={offer.isSameTicketForAdultsAndChildren}
            value={stock}
            onChange={setStock}
            capacityTestId="generator-capacity"
          />
        </SimpleGrid>
        <ChipChoice label={t('boCatalogue.generator.weekdays')} value={weekdays} onChange={setWeekdays}>
          {ISO_WEEKDAYS.map((w) => (
            <Chip key={w} value={String(w)} size="sm">
              {t(`boCatalogue.weekdays.${w}`)}
            </Chip>
          ))}
        </ChipChoice>
        {isTimeslots ? (
          <ChipChoice label={t('boCatalogue.generator.times')} value={times} onChange={setTimes}>
            {offer.startTimes.map((time) => (
              <Chip key={time} value={time} size="sm">
                {time}
              </Chip>
            ))}
          </ChipChoice>
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
