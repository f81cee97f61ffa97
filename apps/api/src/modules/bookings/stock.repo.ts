import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { slots } from '../../db/schema/index.ts';

// The slot's stock columns: taking (under the row lock), giving back and reading. The rules are in stock.ts.
// A slot an operator closed has nothing to take: it reads as sold out and the conditional UPDATE matches nothing.
export type StockNeed = { units: number; adults: number; children: number };

export type SlotStock = { left: number; leftAdultsTickets: number | null; leftChildrenTickets: number | null };

export async function readSlotStock(db: DbOrTx, slotId: number): Promise<SlotStock | null> {
  const [row] = await db
    .select({
      left: sql<number>`CASE WHEN ${slots.isClosed} THEN 0 ELSE ${slots.left} END`.mapWith(Number),
      leftAdultsTickets: sql<
        number | null
      >`CASE WHEN ${slots.isClosed} AND ${slots.leftAdultsTickets} IS NOT NULL THEN 0 ELSE ${slots.leftAdultsTickets} END`,
      leftChildrenTickets: sql<
        number | null
      >`CASE WHEN ${slots.isClosed} AND ${slots.leftChildrenTickets} IS NOT NULL THEN 0 ELSE ${slots.leftChildrenTickets} END`,
    })
    .from(slots)
    .where(eq(slots.id, slotId));
  return row ?? null;
}

// One conditional UPDATE takes the slot's row lock, checks and decrements in one round trip: false when the slot
// has not enough left (nothing changed). `stale` only for the concurrency test's control run
// (BOOKING_STOCK_LOCKING=off): the slot's stock as read before, which the same statement then checks and writes
// instead of the row it locked — the lost update the lock exists to prevent.
export async function decrementSlot(
  tx: DbOrTx,
  slotId: number,
  need: StockNeed,
  isSame: boolean,
  stale?: SlotStock,
): Promise<boolean> {
  const left = stale ? sql`${stale.left}::int` : sql`${slots.left}`;
  const adults = stale ? sql`${stale.leftAdultsTickets}::int` : sql`${slots.leftAdultsTickets}`;
  const children = stale ? sql`${stale.leftChildrenTickets}::int` : sql`${slots.leftChildrenTickets}`;
  const [taken] = await tx
    .update(slots)
    .set({
      left: sql`${left} - ${need.units}`,
      ...(isSame
        ? {
            leftAdultsTickets: sql`${adults} - ${need.adults}`,
            leftChildrenTickets: sql`${children} - ${need.children}`,
          }
        : {}),
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(slots.id, slotId),
        eq(slots.isClosed, false),
        sql`${left} >= ${need.units}`,
        ...(isSame ? [sql`${adults} >= ${need.adults}`, sql`${children} >= ${need.children}`] : []),
      ),
    )
    .returning({ left: slots.left });
  return taken !== undefined;
}

// Gives stock back (cancellation, expired hold). A single relative UPDATE: no read, and the CHECKs keep it in range.
export async function releaseStock(tx: DbOrTx, slotId: number, held: StockNeed): Promise<void> {
  if (held.units === 0 && held.adults === 0 && held.children === 0) return;
  await tx
    .update(slots)
    .set({
      left: sql`${slots.left} + ${held.units}`,
      leftAdultsTickets: sql`CASE WHEN ${slots.leftAdultsTickets} IS NULL THEN NULL ELSE ${slots.leftAdultsTickets} + ${held.adults} END`,
      leftChildrenTickets: sql`CASE WHEN ${slots.leftChildrenTickets} IS NULL THEN NULL ELSE ${slots.leftChildrenTickets} + ${held.children} END`,
      updatedAt: sql`now()`,
    })
    .where(eq(slots.id, slotId));
}

// Locks slots in id order (a change that gives seats back on one slot and takes them on another takes both locks in
// the one order every such change uses, so two of them cannot wait for each other)
export async function lockSlots(tx: DbOrTx, slotIds: number[]): Promise<void> {
  const ids = [...new Set(slotIds)].sort((a, b) => a - b);
  if (ids.length < 2) return;
  await tx.execute(
    sql`SELECT id FROM slots WHERE id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) ORDER BY id FOR UPDATE`,
  );
}
