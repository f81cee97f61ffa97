import { spendingCapMessage, type CurrencyCode, type Language } from '@portal/contract';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { dubaiMonth } from '../../lib/dubai-time.ts';
import { formatMoney } from '../documents/index.ts';
import type { BookingRow } from './bookings.repo.ts';
import { capStatus, changeSpend } from './spending-cap.repo.ts';

// Monthly spending caps (issue "Company settings, agents and roles"), one rule: a booking counts toward its creator's
// cap for the month (Asia/Dubai) its money was first taken or held in — the amount it charges while it holds seats or
// is paid, the kept cancellation fee once cancelled, nothing once its hold lapsed unpaid. Every change of that amount
// goes through `countSpend` inside the transaction that makes it, after the slot's lock and before the balance's
// (the lock order of every booking path: slot → agent's spend row → agency balance). The one-statement balance
// booking embeds the same upsert (spending-cap.repo.ts#spendChangeSql).

export async function capExceededError(
  db: DbOrTx,
  userId: string,
  month: string,
  money: { currency: CurrencyCode; language: Language },
): Promise<AppError> {
  const { capMinor, spentMinor } = await capStatus(db, userId, month);
  const cap = capMinor ?? 0;
  const show = (minor: number) => formatMoney(minor, money.currency, money.language);
  return AppError.field('paymentMethod', spendingCapMessage(show(cap), show(Math.max(cap - spentMinor, 0))));
}

type Counted = Pick<BookingRow, 'createdBy' | 'spendMinor' | 'spendMonth' | 'currency' | 'language'>;

// Sets what the booking counts to `amountMinor`; a rise past the creator's cap throws the cap's 422 (nothing written:
// the caller's transaction rolls back). Returns the booking's new spend columns for its UPDATE.
export async function countSpend(
  tx: DbOrTx,
  booking: Counted,
  amountMinor: number,
  now: Date,
): Promise<{ spendMinor: number; spendMonth: string }> {
  const month = booking.spendMonth ?? dubaiMonth(now);
  // a widget sale has no agent: it counts toward nobody's cap
  if (booking.createdBy === null) return { spendMinor: 0, spendMonth: month };
  const delta = amountMinor - booking.spendMinor;
  if (delta !== 0 && !(await changeSpend(tx, booking.createdBy, month, delta)))
    throw await capExceededError(tx, booking.createdBy, month, booking);
  return { spendMinor: amountMinor, spendMonth: month };
}
