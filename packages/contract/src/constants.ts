// Constants and helpers without zod: the web app's first route loads these (see plain.ts)

// SPEC §9: fixed conversion and limits
export const AED_PER_USD = 3.65;
export const UPLOAD_LIMIT_BYTES = 5 * 1024 * 1024;
export const MIN_DATE = '2020-02-01';

// SPEC §4: currency resets with language
export function currencyForLanguage(language: 'en' | 'ru'): 'aed' | 'usd' {
  return language === 'ru' ? 'usd' : 'aed';
}

// SPEC §9: dates are displayed 'dd MMM, yy' (05 Mar, 26; 27 нояб., 26), the same on screen, in PDFs and in mails: one
// table of month names, not each runtime's own (Intl's Russian abbreviations differ between versions)
export const SHORT_MONTHS: Record<'en' | 'ru', readonly string[]> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  ru: ['янв.', 'февр.', 'мар.', 'апр.', 'мая', 'июн.', 'июл.', 'авг.', 'сент.', 'окт.', 'нояб.', 'дек.'],
};

// A calendar date (yyyy-MM-dd, or the start of an ISO timestamp) as 'dd MMM, yy'; anything else as it is
export function formatDisplayDate(isoDate: string, language: 'en' | 'ru'): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  const month = match ? SHORT_MONTHS[language][Number(match[2]) - 1] : undefined;
  if (!match || !month) return isoDate;
  return `${match[3]} ${month}, ${match[1]?.slice(2)}`;
}

// Booking, payment, user and file ids are UUIDs: anything else names nothing (a 404, never a database error)
export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
