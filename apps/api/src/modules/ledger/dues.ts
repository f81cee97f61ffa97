import { addDays, monthOf, monthRange, previousMonth } from '@portal/contract';
import type { CurrencyCode } from '@portal/contract';
import type { DbOrTx } from '../../db/client.ts';
import { balanceAtAndCreditsAfter } from './statement.repo.ts';

// SPEC §9: what takes the balance below zero (the credit line) is due within 30 days of the end of its month.
export const DUE_DAYS_AFTER_MONTH_END = 30;

// The last month end whose due date has passed by `today` (Asia/Dubai dates)
export function lastDueMonthEnd(today: string): string {
  // the end of the month before this one, or the one before that while its due date is still ahead
  let month = previousMonth(monthOf(today));
  while (addDays(monthRange(month).to, DUE_DAYS_AFTER_MONTH_END) >= today) month = previousMonth(month);
  return monthRange(month).to;
}

// What is overdue today: the amount below zero at the last month end whose due date has passed, less every credit
// since (a payment clears the oldest debt first). Zero for an agency that never used credit.
export async function overdueMinor(
  db: DbOrTx,
  account: { agencyId: string; currency: CurrencyCode },
  today: string,
): Promise<number> {
  const { balanceMinor, creditsAfterMinor } = await balanceAtAndCreditsAfter(db, account, lastDueMonthEnd(today));
  return Math.max(0, -balanceMinor - creditsAfterMinor);
}
