import { Box, Paper, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import type { AdminSlot } from '@portal/contract';
import { ISO_WEEKDAYS } from '@portal/contract';
import type { CalendarMonth } from '@portal/contract/plain';
import { useTranslation } from '@/lib/i18n';
import type { SlotToggle } from '../hooks/use-slot-selection';
import { monthCells } from '../utils/slot-calendar';
import { SlotChip } from './slot-chip';

type SlotsMonthGridProps = {
  month: CalendarMonth;
  byDate: ReadonlyMap<string, AdminSlot[]>;
  selected: ReadonlySet<number>;
  toggle: SlotToggle;
};

// The month as a calendar, Monday first (wide screens): a day's number chooses all its slots
export function SlotsMonthGrid({ month, byDate, selected, toggle }: SlotsMonthGridProps) {
  const { t } = useTranslation();
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
        {monthCells(month).map((date, i) => {
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
