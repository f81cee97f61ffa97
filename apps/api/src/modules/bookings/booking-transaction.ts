// How a booking's transaction runs: a fresh reference when two draw the same, a slot locked too long as a retryable
// 409, the agent's monthly spend counted inside it, and what the kernel needs from outside (BookingDeps).
import { BOOKING_MESSAGES } from '@portal/contract';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { databaseError } from '../../lib/database-error.ts';
import { dailyReference } from '../../lib/daily-reference.ts';
import type { BookingRow } from './bookings.repo.ts';
import { countSpend } from './spending-cap.ts';

export type BookingDeps = {
  // false only in the concurrency test's control run (proves that test can fail)
  stockLocking: boolean;
  startCardPayment: (ctx: ServiceContext, booking: BookingRow) => Promise<void>;
  // closes the charges still open at the provider (each answer applied: a paid one completes the booking)
  closeOpenCharges: (ctx: ServiceContext, booking: BookingRow) => Promise<void>;
};

// A reference is random among 32^6 a day, so two bookings of one day can draw the same one: about once in three
// weeks at 10,000 bookings a day (the booking bench's 7,000 a run met one). The unique index refuses the second;
// its statement or transaction has then written nothing (stock, money, key, mail), and the booking is placed again
// under a fresh reference instead of answering 500.
const REFERENCE_DRAWS = 3;
export async function withFreshReference<T>(now: Date, place: (reference: string) => Promise<T>): Promise<T> {
  for (let draw = 1; ; draw++) {
    try {
      return await place(dailyReference('GF', now));
    } catch (error) {
      const clash = databaseError(error);
      if (draw >= REFERENCE_DRAWS || clash?.code !== '23505' || clash.constraint !== 'bookings_reference_uq')
        throw error;
    }
  }
}

// a slot locked too long (lock_timeout), or two transactions waiting for each other (deadlock, serialization): the
// booking changed nothing and may simply be asked again (409)
export function isLockTimeout(error: unknown): boolean {
  const code = databaseError(error)?.code;
  return code === '55P03' || code === '40P01' || code === '40001';
}

// Runs a booking transaction; a slot locked longer than the connection's lock_timeout (BOOKING_LOCK_TIMEOUT_MS)
// is a retryable 409.
export async function inBookingTransaction<T>(ctx: ServiceContext, fn: (tx: DbOrTx) => Promise<T>): Promise<T> {
  try {
    return await ctx.db.transaction(fn);
  } catch (error) {
    if (isLockTimeout(error)) throw new AppError('conflict', BOOKING_MESSAGES.busy);
    throw error;
  }
}

// A new booking's money counted toward its agent's monthly cap (inside the transaction that takes its seats)
export function countNewSpend(
  tx: DbOrTx,
  userId: string,
  values: Pick<BookingRow, 'currency' | 'language' | 'netTotalMinor'>,
  now: Date,
) {
  return countSpend(
    tx,
    { createdBy: userId, spendMinor: 0, spendMonth: null, currency: values.currency, language: values.language },
    values.netTotalMinor,
    now,
  );
}
