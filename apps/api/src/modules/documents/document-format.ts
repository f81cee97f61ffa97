import type { CurrencyCode, Language } from '@portal/contract';
import { divideHalfUp } from '@portal/contract/plain';
import { BUSINESS_TIME_ZONE } from '../../lib/dubai-time.ts';

export const UAE_VAT_PERCENT = 5;

export { divideHalfUp, minorToMajor, toMinor } from '@portal/contract/plain';

// UAE prices include VAT: the VAT part of a gross total is total × 5 / 105.
export function includedVatMinor(totalMinor: number): number {
  return divideHalfUp(totalMinor * UAE_VAT_PERCENT, 100 + UAE_VAT_PERCENT);
}

export function formatMoney(minor: number, currency: CurrencyCode, language: Language): string {
  const sign = minor < 0 ? '−' : '';
  const abs = Math.abs(minor);
  const whole = Math.floor(abs / 100).toString();
  const cents = (abs % 100).toString().padStart(2, '0');
  // U+00A0 keeps the amount on one line in the PDF
  const groupSeparator = language === 'ru' ? '\u00A0' : ',';
  const decimalSeparator = language === 'ru' ? ',' : '.';
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, groupSeparator);
  return `${sign}${grouped}${decimalSeparator}${cents}\u00A0${currency.toUpperCase()}`;
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
