// Minor units ⇄ major-unit strings without floating-point arithmetic on money.
const THREE_DECIMALS = new Set(['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND']);
const ZERO_DECIMALS = new Set(['JPY', 'KRW', 'VND', 'CLP', 'ISK', 'UGX', 'XAF', 'XOF']);

export function currencyDecimals(currency: string): number {
  const code = currency.toUpperCase();
  if (THREE_DECIMALS.has(code)) return 3;
  if (ZERO_DECIMALS.has(code)) return 0;
  return 2;
}

export function formatMajor(amountMinor: number, decimals: number): string {
  if (!Number.isSafeInteger(amountMinor))
    throw new Error(`Amount must be an integer of minor units, got ${amountMinor}`);
  const sign = amountMinor < 0 ? '-' : '';
  const digits = String(Math.abs(amountMinor)).padStart(decimals + 1, '0');
  if (decimals === 0) return sign + digits;
  return `${sign}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

export function parseMajor(value: number | string, decimals: number): number {
  const text = typeof value === 'number' ? value.toFixed(decimals) : value.trim();
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new Error(`Not an amount: ${String(value)}`);
  const [, sign = '', whole = '0', fraction = ''] = match;
  if (fraction.length > decimals && /[1-9]/.test(fraction.slice(decimals)))
    throw new Error(`Amount has more than ${decimals} decimals: ${text}`);
  const minor = Number(whole + fraction.slice(0, decimals).padEnd(decimals, '0'));
  return sign === '-' ? -minor : minor;
}
