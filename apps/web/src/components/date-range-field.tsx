import { useState } from 'react';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { DISPLAY_DATE_FORMAT } from '@/components/dates-provider';

export type DateRange = [string | null, string | null];

type DateRangeFieldProps = {
  label: string;
  placeholder: string;
  value: DateRange;
  onChange: (range: DateRange) => void;
};

// A list filter's date range (inside AppDatesProvider). The range lives in the URL only once both ends are chosen (or
// both cleared); the half-chosen range in between is held here, so the picker keeps the first click while it waits for
// the second.
export function DateRangeField({ label, placeholder, value, onChange }: DateRangeFieldProps) {
  const [draft, setDraft] = useState<DateRange | null>(null);
  const [seen, setSeen] = useState<DateRange>(value);
  // the URL changed elsewhere (reset, back button): drop the half-chosen range
  if (seen[0] !== value[0] || seen[1] !== value[1]) {
    setSeen(value);
    setDraft(null);
  }
  return (
    <DatePickerInput
      type="range"
      label={label}
      placeholder={placeholder}
      value={draft ?? value}
      onChange={(next) => {
        const [from, to] = next;
        if ((from && to) || (!from && !to)) {
          setDraft(null);
          onChange([from, to]);
        } else {
          setDraft([from, to]);
        }
      }}
      valueFormat={DISPLAY_DATE_FORMAT}
      leftSection={<IconCalendar size={16} />}
      clearable
      allowSingleDateInRange
      popoverProps={{ position: 'bottom-start', shadow: 'md' }}
    />
  );
}
