import '@mantine/dates/styles.layer.css';
import 'dayjs/locale/ru';
import type { ReactNode } from 'react';
import dayjs from 'dayjs';
import updateLocale from 'dayjs/plugin/updateLocale';
import { DatesProvider } from '@mantine/dates';
import { SHORT_MONTHS } from '@portal/contract/plain';
import type { Language } from '@portal/contract';

// Every date picker of the portal: Monday first, in the UI language (SPEC §2), showing 'dd MMM, yy' (SPEC §9) with the
// contract's month names, so a picker writes '05 июл., 26' as the PDFs and the rest of the screens do (dayjs's own
// Russian abbreviations differ for March, June and July)
dayjs.extend(updateLocale);
for (const language of ['en', 'ru'] as const)
  dayjs.updateLocale(language, { monthsShort: [...SHORT_MONTHS[language]] });

export const DISPLAY_DATE_FORMAT = 'DD MMM, YY';

export function AppDatesProvider({ language, children }: { language: Language; children: ReactNode }) {
  return (
    <DatesProvider settings={{ locale: language, firstDayOfWeek: 1, consistentWeeks: true }}>{children}</DatesProvider>
  );
}
