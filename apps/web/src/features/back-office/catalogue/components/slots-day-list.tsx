import { Checkbox, Paper, Stack, Text } from '@mantine/core';
import type { AdminSlot } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { formatDate } from '@/lib/format';
import { useLocale } from '@/lib/locale';
import type { SlotToggle } from '../hooks/use-slot-selection';
import { isoWeekday } from '../utils/slot-calendar';
import { SlotChip } from './slot-chip';

type SlotsDayListProps = {
  byDate: ReadonlyMap<string, AdminSlot[]>;
  selected: ReadonlySet<number>;
  toggle: SlotToggle;
};

// The month's days that have slots, one under another (phones): a day's box chooses all its slots
export function SlotsDayList({ byDate, selected, toggle }: SlotsDayListProps) {
  const { t } = useTranslation();
  const { language } = useLocale();
  const days = [...byDate.entries()];
  return (
    <Stack gap="xs" data-testid="slots-list">
      {days.length === 0 ? <Text c="dimmed">{t('boCatalogue.slots.none')}</Text> : null}
      {days.map(([date, daySlots]) => (
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
  );
}
