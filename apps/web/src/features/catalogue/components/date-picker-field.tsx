import { useEffect, useRef, useState } from 'react';
import { DatePickerInput } from '@mantine/dates';
import { AppDatesProvider, DISPLAY_DATE_FORMAT } from '@/components/dates-provider';
import { addDays } from '@portal/contract';
import type { Language } from '@portal/contract';
import { IconCalendar } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { useOfferAvailability } from '../api/get-offer-availability';

export type DatePickerFieldProps = {
  label: string;
  value: string;
  minDate: string;
  maxDate: string;
  language: Language;
  // the selected ticket option: days it is closed or sold out are greyed out
  offerId: number | null;
  onChange: (date: string) => void;
  // the agent clicked the read-only field before the calendar had loaded (date-filter.tsx): open it at once
  openOnMount?: boolean;
};

const monthStart = (date: string) => `${date.slice(0, 7)}-01`;
function monthEnd(date: string): string {
  const [year, month] = date.split('-').map(Number) as [number, number];
  return addDays(new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10), -1);
}

function useClosedDays(offerId: number | null, shownMonth: string, minDate: string, maxDate: string) {
  const from = monthStart(shownMonth) > minDate ? monthStart(shownMonth) : minDate;
  const to = monthEnd(shownMonth) < maxDate ? monthEnd(shownMonth) : maxDate;
  const range = from <= to ? { from, to } : null;
  const { data, isPlaceholderData } = useOfferAvailability(offerId, range);
  if (!data || !range || isPlaceholderData) return () => false;
  const open = new Set(data.filter((row) => !row.isSoldOut).map((row) => row.date));
  return (date: string) => date >= range.from && date <= range.to && !open.has(date);
}

// Loaded only by the tour page. SPEC §2: Russian date picking in Russian (dayjs 'ru'); SPEC §9: 'dd MMM, yy'.
export function DatePickerField({
  label,
  value,
  minDate,
  maxDate,
  language,
  offerId,
  onChange,
  openOnMount = false,
}: DatePickerFieldProps) {
  const { t } = useTranslation();
  const field = useRef<HTMLButtonElement>(null);
  const openedOnMount = useRef(false);
  useEffect(() => {
    if (!openOnMount || openedOnMount.current) return;
    openedOnMount.current = true;
    field.current?.focus();
    field.current?.click();
  }, [openOnMount]);
  const [shownMonth, setShownMonth] = useState(monthStart(value));
  const [shownFor, setShownFor] = useState(value);
  // a new date (picked, or from the URL) shows its month next time the calendar opens
  if (shownFor !== value) {
    setShownFor(value);
    setShownMonth(monthStart(value));
  }
  const isUnavailable = useClosedDays(offerId, shownMonth, minDate, maxDate);

  return (
    <AppDatesProvider language={language}>
      <DatePickerInput
        ref={field}
        label={label}
        value={value}
        date={shownMonth}
        onDateChange={(date) => setShownMonth(monthStart(date))}
        onDropdownClose={() => setShownMonth(monthStart(value))}
        minDate={minDate}
        maxDate={maxDate}
        excludeDate={isUnavailable}
        valueFormat={DISPLAY_DATE_FORMAT}
        leftSection={<IconCalendar size={18} />}
        highlightToday
        size="md"
        getDayProps={(date) => ({ 'data-date': date })}
        ariaLabels={{
          nextMonth: t('catalogue.dates.nextMonth'),
          previousMonth: t('catalogue.dates.previousMonth'),
          monthLevelControl: t('catalogue.dates.chooseMonth'),
          yearLevelControl: t('catalogue.dates.chooseYear'),
          nextYear: t('catalogue.dates.nextYear'),
          previousYear: t('catalogue.dates.previousYear'),
          nextDecade: t('catalogue.dates.nextDecade'),
          previousDecade: t('catalogue.dates.previousDecade'),
        }}
        popoverProps={{ position: 'bottom-start', shadow: 'md' }}
        onChange={(date) => {
          if (date) onChange(date);
        }}
      />
    </AppDatesProvider>
  );
}
