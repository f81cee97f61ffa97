import { Button, Text } from '@mantine/core';
import type { AvailabilityRow } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { ticketsLeft } from '../utils/availability';
import classes from './tour-page.module.css';

type TimeSlotsProps = { rows: readonly AvailabilityRow[]; selected: string | null; onSelect: (time: string) => void };

// SPEC §2 time selection, HH:mm; sold-out times are shown but cannot be picked
export function TimeSlots({ rows, selected, onSelect }: TimeSlotsProps) {
  const { t } = useTranslation();
  return (
    <div className={classes.slots} role="group" aria-label={t('catalogue.booking.time')}>
      {rows.map((row) => {
        const time = row.time ?? '';
        const isSelected = time === selected;
        const note = row.isSoldOut
          ? t('catalogue.booking.soldOut')
          : row.isPastCutOff
            ? t('catalogue.booking.onRequest')
            : t('catalogue.booking.left', { count: ticketsLeft(row) });
        return (
          <Button
            key={time}
            className={classes.slot}
            variant={isSelected ? 'filled' : row.isPastCutOff && !row.isSoldOut ? 'light' : 'default'}
            color={row.isPastCutOff && !isSelected ? 'yellow' : 'brand'}
            disabled={row.isSoldOut}
            aria-pressed={isSelected}
            aria-label={`${time}, ${note}`}
            data-time={time}
            data-sold-out={row.isSoldOut || undefined}
            data-testid="time-slot"
            onClick={() => {
              if (!row.isSoldOut) onSelect(time);
            }}
          >
            <span className={classes.slotInner}>
              <Text component="span" className={classes.slotTime} fw={700} size="sm">
                {time}
              </Text>
              <Text component="span" size="xs" fw={500} opacity={0.8}>
                {note}
              </Text>
            </span>
          </Button>
        );
      })}
    </div>
  );
}
