import { and, asc, eq, gt, gte, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { slotStockColumns } from '../catalogue/index.ts';
import { agencies, slots, stockWatches, users } from '../../db/schema/index.ts';

type NewStockWatch = {
  agencyId: string;
  userId: string;
  offerId: number;
  date: string;
  startTime: string | null;
  adults: number;
  children: number;
  infants: number;
  language: 'en' | 'ru';
};

const sameRequest = (watch: Pick<NewStockWatch, 'userId' | 'offerId' | 'date' | 'startTime'>) =>
  and(
    eq(stockWatches.userId, watch.userId),
    eq(stockWatches.offerId, watch.offerId),
    eq(stockWatches.date, watch.date),
    watch.startTime === null ? isNull(stockWatches.startTime) : eq(stockWatches.startTime, watch.startTime),
    isNull(stockWatches.closedAt),
  );

// One open request per agent, option, date and time (a partial unique index): asking again keeps that row and
// takes the new people and language.
export async function upsertOpenWatch(tx: DbOrTx, watch: NewStockWatch) {
  await tx.insert(stockWatches).values(watch).onConflictDoNothing();
  const [row] = await tx
    .update(stockWatches)
    .set({ adults: watch.adults, children: watch.children, infants: watch.infants, language: watch.language })
    .where(sameRequest(watch))
    .returning();
  return row ?? null;
}

export async function listOpenWatches(db: DbOrTx, userId: string, offerId: number, date: string) {
  return db
    .select()
    .from(stockWatches)
    .where(
      and(
        eq(stockWatches.userId, userId),
        eq(stockWatches.offerId, offerId),
        eq(stockWatches.date, date),
        isNull(stockWatches.closedAt),
      ),
    )
    .orderBy(asc(stockWatches.createdAt));
}

// Open requests from today on whose slots have any stock left, with the slot's stock and whom to tell
export async function findWatchedSlotsWithStock(db: DbOrTx, today: string) {
  return db
    .select({
      id: stockWatches.id,
      offerId: stockWatches.offerId,
      date: stockWatches.date,
      watchedTime: stockWatches.startTime,
      adults: stockWatches.adults,
      children: stockWatches.children,
      infants: stockWatches.infants,
      language: stockWatches.language,
      email: users.email,
      name: users.name,
      userStatus: users.status,
      agencyStatus: agencies.status,
      siteId: agencies.siteId,
      slot: slotStockColumns,
    })
    .from(stockWatches)
    .innerJoin(
      slots,
      and(
        eq(slots.offerId, stockWatches.offerId),
        eq(slots.date, stockWatches.date),
        or(isNull(stockWatches.startTime), eq(slots.startTime, stockWatches.startTime)),
      ),
    )
    .innerJoin(users, eq(users.id, stockWatches.userId))
    .innerJoin(agencies, eq(agencies.id, stockWatches.agencyId))
    .where(
      and(isNull(stockWatches.closedAt), gte(stockWatches.date, today), gt(slots.left, 0), eq(slots.isClosed, false)),
    )
    .orderBy(asc(stockWatches.createdAt), asc(slots.startTime));
}

// Closes an open request; true only for the one transaction that closed it (two nodes: one wins, the other sees
// nothing to close), so its e-mail, written in the same transaction, is queued once.
export async function closeWatch(tx: DbOrTx, id: string, notified: boolean): Promise<boolean> {
  const rows = await tx
    .update(stockWatches)
    .set({ closedAt: sql`now()`, ...(notified ? { notifiedAt: sql`now()` } : {}) })
    .where(and(eq(stockWatches.id, id), isNull(stockWatches.closedAt)))
    .returning({ id: stockWatches.id });
  return rows.length > 0;
}

// Requests for dates before today (Asia/Dubai) close without mail
export async function closePastWatches(db: DbOrTx, today: string): Promise<number> {
  const rows = await db
    .update(stockWatches)
    .set({ closedAt: sql`now()` })
    .where(and(isNull(stockWatches.closedAt), lt(stockWatches.date, today)))
    .returning({ id: stockWatches.id });
  return rows.length;
}

// The agent's own request, closed by them; null when it is not theirs (or does not exist). A closed one stays closed.
export async function closeOwnWatch(db: DbOrTx, userId: string, id: string): Promise<{ id: string } | null> {
  const [closed] = await db
    .update(stockWatches)
    .set({ closedAt: sql`now()` })
    .where(and(eq(stockWatches.id, id), eq(stockWatches.userId, userId), isNull(stockWatches.closedAt)))
    .returning({ id: stockWatches.id });
  if (closed) return closed;
  const [mine] = await db
    .select({ id: stockWatches.id })
    .from(stockWatches)
    .where(and(eq(stockWatches.id, id), eq(stockWatches.userId, userId)));
  return mine ?? null;
}
