import { isWholeCents, roundToCents } from '@portal/contract/plain';

// An amount typed by the agent, in major units: more than zero and in whole cents (the contract's TopUpAmount rule),
// else null
export function parseAmount(value: string | number): number | null {
  const amount = typeof value === 'number' ? value : Number(value.replace(/[\s,]/g, ''));
  if (value === '' || !isWholeCents(amount)) return null;
  return roundToCents(amount);
}

// '2.5%' — a fee percent as the server gives it, without trailing zeros
export function formatPercent(percent: number): string {
  return `${Number(percent.toFixed(2))}%`;
}
