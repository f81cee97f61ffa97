import { ActionIcon, Card, Group, Title } from '@mantine/core';
import type { AdminSlot } from '@portal/contract';
import { nextMonth, previousMonth, type CalendarMonth } from '@portal/contract/plain';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { useLocale } from '@/lib/locale';
import type { SlotToggle } from '../hooks/use-slot-selection';
import { monthTitle } from '../utils/slot-calendar';
import { SlotsDayList } from './slots-day-list';
import { SlotsMonthGrid } from './slots-month-grid';
import { useIsPhone } from '@/lib/use-is-phone';

type SlotsCalendarProps = {
  month: CalendarMonth;
  onMonthChange: (month: CalendarMonth) => void;
  byDate: ReadonlyMap<string, AdminSlot[]>;
  selected: ReadonlySet<number>;
  toggle: SlotToggle;
};

// A month of slots with the previous and next month: a grid on wide screens, a list of days on phones
export function SlotsCalendar({ month, onMonthChange, byDate, selected, toggle }: SlotsCalendarProps) {
  const { t } = useTranslation();
  const { language } = useLocale();
  const isPhone = useIsPhone();
  return (
    <Card withBorder padding="md">
      <Group justify="space-between" mb="sm">
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t('boCatalogue.slots.previous')}
          onClick={() => onMonthChange(previousMonth(month))}
        >
          <IconChevronLeft size={18} />
        </ActionIcon>
        <Title order={2} size="h4" data-testid="slots-month">
          {monthTitle(month, language)}
        </Title>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t('boCatalogue.slots.next')}
          onClick={() => onMonthChange(nextMonth(month))}
          data-testid="slots-next-month"
        >
          <IconChevronRight size={18} />
        </ActionIcon>
      </Group>
      {isPhone ? (
        <SlotsDayList byDate={byDate} selected={selected} toggle={toggle} />
      ) : (
        <SlotsMonthGrid month={month} byDate={byDate} selected={selected} toggle={toggle} />
      )}
    </Card>
  );
}
