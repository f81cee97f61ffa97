import type { CurrencyCode, Language } from '@portal/contract';
import { convertMinor, divideHalfUp } from '@portal/contract/plain';
import { BUSINESS_TIME_ZONE } from '../../lib/dubai-time.ts';

export const UAE_VAT_PERCENT = 5;

export { divideHalfUp, minorToMajor, toMinor } from '@portal/contract/plain';

// UAE prices include VAT: the VAT part of a gross total is total × 5 / 105.
export function includedVatMinor(totalMinor: number): number {
  return divideHalfUp(totalMinor * UAE_VAT_PERCENT, 100 + UAE_VAT_PERCENT);
}

// FTA: VAT on an invoice in another currency is also stated in AED (SPEC §9 fixed rate); a credit note's is negative
export function vatInAedMinor(vatMinor: number, currency: CurrencyCode): number {
  return Math.sign(vatMinor) * convertMinor(Math.abs(vatMinor), currency, 'aed');
}

// How each language writes a number (U+00A0 keeps a Russian amount on one line in the PDF)
const SEPARATORS: Record<Language, { group: string; decimal: string }> = {
  en: { group: ',', decimal: '.' },
  ru: { group: '\u00A0', decimal: ',' },
};

export function formatMoney(minor: number, currency: CurrencyCode, language: Language): string {
  const sign = minor < 0 ? '−' : '';
  const abs = Math.abs(minor);
  const whole = Math.floor(abs / 100).toString();
  const cents = (abs % 100).toString().padStart(2, '0');
  const { group, decimal } = SEPARATORS[language];
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${sign}${grouped}${decimal}${cents}\u00A0${currency.toUpperCase()}`;
}

// A plain decimal number as the language writes it (the exchange rate on an invoice: 3.6725, 3,6725)
export function formatDecimal(value: number, language: Language): string {
  return String(value).replace('.', SEPARATORS[language].decimal);
}

// SPEC §9 'dd MMM, yy', the contract's one rule (the web shows the same)
export { formatDisplayDate } from '@portal/contract/plain';

const dubaiParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

export type DubaiDateTime = { date: string; time: string };

export function dubaiDateTime(at: Date): DubaiDateTime {
  const parts = Object.fromEntries(dubaiParts.formatToParts(at).map((p) => [p.type, p.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}
