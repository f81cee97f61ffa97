import { Badge, Group, Text, UnstyledButton } from '@mantine/core';
import type { AdminSlot } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';

function background(slot: AdminSlot, on: boolean): string {
  if (on) return 'var(--mantine-color-blue-0)';
  if (slot.isClosed) return 'var(--mantine-color-gray-1)';
  return slot.left === 0 ? 'var(--mantine-color-red-0)' : 'white';
}

// One slot on the calendar: its time, whether it is closed, and the seats sold, held and left; a click chooses it
export function SlotChip({ slot, on, onToggle }: { slot: AdminSlot; on: boolean; onToggle: () => void }) {
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
        background: background(slot, on),
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
