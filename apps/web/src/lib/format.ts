import { SHORT_MONTHS, formatDisplayDate } from '@portal/contract/plain';
import type { CurrencyCode, Language } from '@portal/contract';

const INTL_LOCALE: Record<Language, string> = { en: 'en-US', ru: 'ru-RU' };

const moneyFormats = new Map<string, Intl.NumberFormat>();

// Money arrives from the API in major units of the requested currency (the server converts, SPEC §9)
export function formatMoney(amount: number, currency: CurrencyCode, language: Language): string {
  const key = `${language}:${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALE[language], {
      style: 'currency',
      currency: currency.toUpperCase(),
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    moneyFormats.set(key, format);
  }
  return format.format(amount);
}

// SPEC §9: dates are displayed 'dd MMM, yy', e.g. 05 Mar, 26 (the contract's rule, shared with the PDFs)
export function formatDate(date: string, language: Language): string {
  return formatDisplayDate(date, language);
}

// A formatter made on first use: the first Intl.DateTimeFormat with a time zone loads the browser's zone data, about
// 0.2 s of a phone's main thread that held back the checkout's first render when it was made as this module loaded
function lazyFormat(locale: string, options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let format: Intl.DateTimeFormat | undefined;
  return () => (format ??= new Intl.DateTimeFormat(locale, options));
}

// the parts of a moment in Asia/Dubai, where the tours happen (the month name comes from the contract's table)
const dubaiParts = lazyFormat('en-GB', {
  day: '2-digit',
  month: '2-digit',
  year: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'Asia/Dubai',
});

// A moment (ISO timestamp) as 'dd MMM, yy HH:mm' in Asia/Dubai
export function formatDateTime(iso: string, language: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const parts = dubaiParts().formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const month = SHORT_MONTHS[language][Number(part('month')) - 1] ?? part('month');
  return `${part('day')} ${month}, ${part('year')} ${part('hour')}:${part('minute')}`;
}

// A calendar date, or the date part of a timestamp, as 'dd MMM, yy'
export function formatDay(value: string, language: Language): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(value)
    ? formatDate(value, language)
    : formatDateTime(value, language).replace(/ \d{2}:\d{2}$/, '');
}

const dubaiDate = lazyFormat('en-CA', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  timeZone: 'Asia/Dubai',
});

// Today's calendar date (yyyy-MM-dd) in Asia/Dubai, where the ledger's business days are counted
export function todayInDubai(now: Date = new Date()): string {
  return dubaiDate().format(now);
}

// A list's spreadsheet saved under today's date in Dubai, the day the portal's figures are counted in
export function xlsxNameOfToday(stem: string, now: Date = new Date()): string {
  return `${stem}-${todayInDubai(now)}.xlsx`;
}

// A file's size as a person reads it: '820 KB', '3.4 MB' (never '0 KB')
export function formatFileSize(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
