import type { ReactNode } from 'react';
import { DateInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { parseTypedDate } from '@portal/contract/plain';
import { useTranslation } from '@/lib/i18n';
import { AppDatesProvider, DISPLAY_DATE_FORMAT } from '@/components/dates-provider';
import { useLocale } from '@/lib/locale';

type TypedDateInputProps = {
  label: string;
  // yyyy-MM-dd, or '' when empty
  value: string;
  onChange: (value: string) => void;
  error?: ReactNode;
  minDate?: string;
  size?: 'xs' | 'sm' | 'md';
  'data-testid'?: string;
};

// SPEC §9: a date field that takes DD.MM.YYYY (or YYYY-MM-DD) typed and shows 'dd MMM, yy' in the UI language, with a
// calendar to pick from — never the browser's own mm/dd/yyyy (a native date input follows the browser's locale)
export function TypedDateInput({ label, value, onChange, error, minDate, size = 'sm', ...rest }: TypedDateInputProps) {
  const { t } = useTranslation();
  const { language } = useLocale();
  return (
    <AppDatesProvider language={language}>
      <DateInput
        size={size}
        label={label}
        value={value || null}
        onChange={(next) => onChange(next ?? '')}
        error={error}
        minDate={minDate}
        valueFormat={DISPLAY_DATE_FORMAT}
        dateParser={parseTypedDate}
        placeholder={t('dates.typedPlaceholder')}
        leftSection={<IconCalendar size={16} />}
        clearable
        data-testid={rest['data-testid']}
      />
    </AppDatesProvider>
  );
}
