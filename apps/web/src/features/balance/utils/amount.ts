// An amount typed by the agent, in major units: more than zero and in whole cents (the contract's TopUpAmount rule),
// else null
export function parseAmount(value: string | number): number | null {
  const amount = typeof value === 'number' ? value : Number(value.replace(/[\s,]/g, ''));
  if (value === '' || !Number.isFinite(amount) || amount <= 0) return null;
  if (Math.abs(amount * 100 - Math.round(amount * 100)) > 1e-6) return null;
  return Math.round(amount * 100) / 100;
}

// '2.5%' — a fee percent as the server gives it, without trailing zeros
export function formatPercent(percent: number): string {
  return `${Number(percent.toFixed(2))}%`;
}
