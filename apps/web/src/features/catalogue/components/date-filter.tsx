import { Suspense, lazy, useState } from 'react';
import { InputBase } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { formatDate } from '@/lib/format';
import type { DatePickerFieldProps } from './date-picker-field';

const loadPicker = () => import('./date-picker-field');
const DatePickerField = lazy(() => loadPicker().then((m) => ({ default: m.DatePickerField })));

// The calendar (Mantine dates + dayjs, their popover) is not part of the tour page's first load (issue 32): the date
// shows read-only in the same field until the agent reaches for it. Pointing at it or focusing it fetches the
// calendar; a click (Enter, Space) or an arrow key opens it as soon as it is there.
export function DateFilter(props: DatePickerFieldProps) {
  const [wanted, setWanted] = useState<'no' | 'yes' | 'open'>('no');
  const want = (open: boolean) => setWanted((now) => (open ? 'open' : now === 'no' ? 'yes' : now));
  // the picker's own field (a button with the date), so the page does not move when the calendar arrives
  const fallback = (
    <InputBase
      component="button"
      type="button"
      label={props.label}
      size="md"
      leftSection={<IconCalendar size={18} />}
      onPointerEnter={() => void loadPicker()}
      onFocus={() => void loadPicker()}
      onClick={() => want(true)}
      onKeyDown={(event) => {
        if (['ArrowDown', 'ArrowUp'].includes(event.key)) {
          event.preventDefault();
          want(true);
        }
      }}
    >
      {formatDate(props.value, props.language)}
    </InputBase>
  );
  if (wanted === 'no') return fallback;
  return (
    <Suspense fallback={fallback}>
      <DatePickerField {...props} openOnMount={wanted === 'open'} />
    </Suspense>
  );
}
