import { Suspense, lazy } from 'react';
import { TextInput } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { formatDate } from '@/lib/format';
import type { DatePickerFieldProps } from './date-picker-field';

const DatePickerField = lazy(() => import('./date-picker-field').then((m) => ({ default: m.DatePickerField })));

// The calendar (Mantine dates + dayjs) arrives a moment after the page; until then the date shows read-only.
export function DateFilter(props: DatePickerFieldProps) {
  const fallback = (
    <TextInput
      label={props.label}
      value={formatDate(props.value, props.language)}
      readOnly
      size="md"
      leftSection={<IconCalendar size={18} />}
    />
  );
  return (
    <Suspense fallback={fallback}>
      <DatePickerField {...props} />
    </Suspense>
  );
}
