import { Suspense, lazy, useState } from 'react';
import { TextInput } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { formatDate } from '@/lib/format';
import type { DatePickerFieldProps } from './date-picker-field';

const loadPicker = () => import('./date-picker-field');
const DatePickerField = lazy(() => loadPicker().then((m) => ({ default: m.DatePickerField })));

// The calendar (Mantine dates + dayjs, their popover) is not part of the tour page's first load (issue 32): the date
// shows read-only in the same field until the agent reaches for it. Pointing at it or focusing it fetches the
// calendar; a click, Enter, Space or an arrow key opens it as soon as it is there.
export function DateFilter(props: DatePickerFieldProps) {
  const [wanted, setWanted] = useState<'no' | 'yes' | 'open'>('no');
  const want = (open: boolean) => setWanted((now) => (open ? 'open' : now === 'no' ? 'yes' : now));
  const fallback = (
    <TextInput
      label={props.label}
      value={formatDate(props.value, props.language)}
      readOnly
      size="md"
      leftSection={<IconCalendar size={18} />}
      styles={{ input: { cursor: 'pointer' } }}
      onPointerEnter={() => void loadPicker()}
      onFocus={() => void loadPicker()}
      onClick={() => want(true)}
      onKeyDown={(event) => {
        if (['Enter', ' ', 'ArrowDown', 'ArrowUp'].includes(event.key)) {
          event.preventDefault();
          want(true);
        }
      }}
    />
  );
  if (wanted === 'no') return fallback;
  return (
    <Suspense fallback={fallback}>
      <DatePickerField {...props} openOnMount={wanted === 'open'} />
    </Suspense>
  );
}
