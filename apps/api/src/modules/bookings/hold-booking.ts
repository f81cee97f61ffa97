// The kernel's hold: seats taken for a booking that is not paid yet — an agent's card booking, a widget sale, a
// reseller API reservation. One transaction under a fresh reference: take (or, for a test key, only check) the
// seats, count the agent's monthly spend, write the booking; the way in adds its own columns (status, method,
// channel, expiry). Asking a card provider happens after it, outside the transaction.
import type { DbOrTx } from '../../db/client.ts';
import type { AgencyActor, ServiceContext } from '../../lib/context.ts';
import { heldOnPaper, heldStock } from './booking-rules.ts';
import { countNewSpend, inBookingTransaction, withFreshReference } from './booking-transaction.ts';
import { insertBooking, type BookingInsert, type BookingRow } from './bookings.repo.ts';
import { bookingValues, type CreateBookingInput, type PreparedBooking } from './prepare-booking.ts';
import { checkStock, takeStock } from './stock.ts';

export type HoldRequest = {
  // the agent who books (a taken hold counts toward their monthly cap); null for a widget shop's customer
  actor: AgencyActor | null;
  body: CreateBookingInput;
  prepared: PreparedBooking;
  now: Date;
  // take the seats (`locking` false only in the concurrency test's control run), or only check that they are there
  // (a test key's reservation, which takes nothing and counts toward no cap)
  stock: { take: true; locking: boolean } | { take: false };
  // what this way in adds to the booking's columns, given the columns every booking has
  columns: (values: ReturnType<typeof bookingValues>) => Partial<BookingInsert> & Pick<BookingInsert, 'status'>;
  // inside the same transaction, once the row is written (the call's Idempotency-Key records it)
  onHeld?: (tx: DbOrTx, row: BookingRow) => Promise<void>;
};

export async function holdBooking(ctx: ServiceContext, hold: HoldRequest): Promise<BookingRow> {
  const { prepared: p, now, stock } = hold;
  return withFreshReference(now, (reference) =>
    inBookingTransaction(ctx, async (tx) => {
      const values = bookingValues(hold.actor, hold.body, p, reference);
      const people = { offer: p.offer, people: p.people };
      const need = stock.take
        ? await takeStock(tx, p.slotId, { ...people, locking: stock.locking })
        : await checkStock(tx, p.slotId, people);
      const spend = stock.take && hold.actor ? await countNewSpend(tx, hold.actor.userId, values, now) : {};
      const row = await insertBooking(tx, {
        ...values,
        ...spend,
        ...hold.columns(values),
        ...(stock.take ? heldStock(need) : heldOnPaper(need)),
      });
      await hold.onHeld?.(tx, row);
      return row;
    }),
  );
}
