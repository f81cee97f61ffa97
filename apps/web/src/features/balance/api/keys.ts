import type { CurrencyCode } from '@portal/contract';

// Query keys, one factory per resource. The root is the one the bookings feature invalidates after a booking is paid
// from the balance, so the figures here refresh too.
const root = ['balance'] as const;

export type StatementPeriod = { from: string; to: string; page: number; onPage: number };

export const moneyKeys = {
  all: root,
  current: (currency: CurrencyCode) => [...root, 'current', currency] as const,
  summary: (year: number) => [...root, 'summary', year] as const,
  statement: (period: StatementPeriod) => [...root, 'statement', period] as const,
  deposit: () => [...root, 'deposit'] as const,
  fee: (amount: number, currency: CurrencyCode) => [...root, 'fee', currency, amount] as const,
  topUps: () => [...root, 'top-ups'] as const,
  topUp: (id: string) => [...root, 'top-ups', id] as const,
};
