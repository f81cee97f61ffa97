import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  agencies,
  agentMonthSpend,
  auditEvents,
  bookings,
  ledgerEntries,
  mailOutbox,
  paymentRefunds,
  payments,
  slots,
  topUps,
  users,
  widgets,
} from '../../db/schema/index.ts';
import { dubaiDate, dubaiMonth } from '../../lib/dubai-time.ts';

// The one place the demo history's clock is moved (docs/decisions/0110-lived-in-demo.md). The history was made now
// through the services, in the order it happened; here, in one transaction, each thing it made gets the day it
// happened on: a booking's times (made, confirmed, its hold, cancelled), its ledger entries (the debit with the
// booking, the refund with the cancellation, a widget margin on the day after the tour), its card payment and
// refunds, its e-mails, its reference's date, its tour date (with its stock moved from the slot it was booked on to
// the past day's); a top-up's times, reference, ledger entry and the operator's audit row. Amounts, balances, the
// order of the ledger (`seq`) and every status stay as the services wrote them: the history was made in the order
// of these dates, so each running balance reads the same by date as by `seq`. Agents' monthly spend rows are
// summed again from the moved bookings (their month changed).

export type BookingMove = {
  id: string;
  createdAt: Date;
  // the past tour date; null keeps the date booked (a tour still ahead)
  tourDate: string | null;
  cancelledAt: Date | null;
  // a widget sale's margin, credited the day after its tour
  marginAt: Date | null;
};
export type TopUpMove = { id: string; createdAt: Date; creditedAt: Date };
export type HistoryMoves = {
  bookings: BookingMove[];
  topUps: TopUpMove[];
  openings: { agencyId: string; reference: string; createdAt: Date }[];
  widgets: { id: string; createdAt: Date }[];
  agencies: { id: string; createdAt: Date }[];
};

const MOVE_LOCK_KEY = 7_420_110;
const ms = (n: number) => sql`(${n}::bigint * interval '1 millisecond')`;
const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

// GF261127-7KQ2MX → GF260904-7KQ2MX: the reference's date is the day it was made
function redated(reference: string, day: Date): string {
  const yymmdd = dubaiDate(day).slice(2).replace(/-/g, '');
  return reference.replace(/^([A-Z]+)\d{6}-/, `$1${yymmdd}-`);
}

// Moves the history once: false when it was moved before (the opening deposit already lies in the past)
export async function moveDemoHistory(db: Db, moves: HistoryMoves): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${MOVE_LOCK_KEY})`);
    const [opening] = moves.openings;
    if (opening) {
      const [entry] = await tx
        .select({ createdAt: ledgerEntries.createdAt })
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.agencyId, opening.agencyId), eq(ledgerEntries.reference, opening.reference)));
      if (!entry || entry.createdAt.getTime() <= opening.createdAt.getTime() + 86_400_000) return false;
    }
    // the ledger and the audit log refuse changes (append-only triggers); the demo's history is written once, here,
    // in this transaction, before anyone has seen it
    await tx.execute(sql`ALTER TABLE ledger_entries DISABLE TRIGGER ledger_entries_no_change`);
    await tx.execute(sql`ALTER TABLE audit_events DISABLE TRIGGER audit_events_no_change`);
    for (const move of moves.agencies) {
      await tx
        .update(agencies)
        .set({ createdAt: move.createdAt, updatedAt: move.createdAt })
        .where(eq(agencies.id, move.id));
      await tx
        .update(users)
        .set({ createdAt: sql`${at(move.createdAt)} + interval '10 minutes'`, updatedAt: move.createdAt })
        .where(eq(users.agencyId, move.id));
    }
    for (const move of moves.openings)
      await tx
        .update(ledgerEntries)
        .set({ createdAt: move.createdAt })
        .where(and(eq(ledgerEntries.agencyId, move.agencyId), eq(ledgerEntries.reference, move.reference)));
    for (const move of moves.widgets)
      await tx
        .update(widgets)
        .set({ createdAt: move.createdAt, updatedAt: move.createdAt })
        .where(eq(widgets.id, move.id));
    for (const move of moves.topUps) await moveTopUp(tx, move);
    for (const move of moves.bookings) await moveBooking(tx, move);
    const agencyIds = moves.agencies.map((a) => a.id);
    if (agencyIds.length) await sumSpendAgain(tx, agencyIds);
    await tx.execute(sql`ALTER TABLE audit_events ENABLE TRIGGER audit_events_no_change`);
    await tx.execute(sql`ALTER TABLE ledger_entries ENABLE TRIGGER ledger_entries_no_change`);
    return true;
  });
}

// The e-mails that name a reference: sent with the thing they tell of, the reference as it is now
async function moveMails(tx: DbOrTx, from: string, to: string, shift: SQL) {
  const swap = (column: SQL) => sql`replace(${column}, ${from}, ${to})`;
  await tx
    .update(mailOutbox)
    .set({
      subject: swap(sql`subject`),
      textBody: swap(sql`text_body`),
      htmlBody: swap(sql`html_body`),
      redactedTextBody: swap(sql`redacted_text_body`),
      redactedHtmlBody: swap(sql`redacted_html_body`),
      createdAt: sql`created_at + ${shift}`,
      nextAttemptAt: sql`next_attempt_at + ${shift}`,
      sentAt: sql`sent_at + ${shift}`,
    })
    .where(or(sql`strpos(subject, ${from}) > 0`, sql`strpos(text_body, ${from}) > 0`));
}

async function moveTopUp(tx: DbOrTx, move: TopUpMove) {
  const [row] = await tx.select().from(topUps).where(eq(topUps.id, move.id));
  if (!row) return;
  const shift = ms(move.createdAt.getTime() - row.createdAt.getTime());
  const reference = redated(row.reference, move.createdAt);
  const credited = row.creditedAt ? move.creditedAt : null;
  await tx
    .update(topUps)
    .set({ reference, createdAt: move.createdAt, creditedAt: credited, updatedAt: credited ?? move.createdAt })
    .where(eq(topUps.id, row.id));
  await tx
    .update(ledgerEntries)
    .set({
      createdAt: move.creditedAt,
      reference,
      description: sql`replace(${ledgerEntries.description}, ${row.reference}, ${reference})`,
    })
    .where(and(eq(ledgerEntries.agencyId, row.agencyId), eq(ledgerEntries.reference, row.reference)));
  await tx
    .update(payments)
    .set({
      createdAt: sql`created_at + ${shift}`,
      expiresAt: sql`expires_at + ${shift}`,
      updatedAt: credited ?? sql`updated_at + ${shift}`,
    })
    .where(eq(payments.topUpId, row.id));
  await tx.update(auditEvents).set({ createdAt: move.creditedAt }).where(eq(auditEvents.entityId, row.id));
  await moveMails(
    tx,
    row.reference,
    reference,
    ms(move.creditedAt.getTime() - (row.creditedAt ?? row.createdAt).getTime()),
  );
}

async function moveBooking(tx: DbOrTx, move: BookingMove) {
  const [row] = await tx.select().from(bookings).where(eq(bookings.id, move.id));
  if (!row) return;
  const shiftMs = move.createdAt.getTime() - row.createdAt.getTime();
  const shift = ms(shiftMs);
  const cancelShift = ms(
    move.cancelledAt && row.cancelledAt ? move.cancelledAt.getTime() - row.cancelledAt.getTime() : shiftMs,
  );
  const reference = redated(row.reference, move.createdAt);
  const swap = (column: SQL) => sql`replace(${column}, ${row.reference}, ${reference})`;

  let slotId = row.slotId;
  if (move.tourDate && row.slotId) slotId = await moveStock(tx, row, move.tourDate);
  await tx
    .update(bookings)
    .set({
      reference,
      ticketNumbers: sql`ARRAY(SELECT replace(n, ${row.reference}, ${reference}) FROM unnest(ticket_numbers) AS n)`,
      createdAt: move.createdAt,
      confirmedAt: sql`confirmed_at + ${shift}`,
      holdExpiresAt: sql`hold_expires_at + ${shift}`,
      quoteExpiresAt: sql`quote_expires_at + ${shift}`,
      cancelledAt: row.cancelledAt ? move.cancelledAt : null,
      updatedAt: move.marginAt ?? (row.cancelledAt ? move.cancelledAt : null) ?? move.createdAt,
      spendMonth: row.spendMonth ? dubaiMonth(move.createdAt) : null,
      ...(move.tourDate ? { date: move.tourDate, slotId } : {}),
    })
    .where(eq(bookings.id, row.id));
  await tx
    .update(ledgerEntries)
    .set({
      createdAt: sql`CASE ${ledgerEntries.kind}
        WHEN 'refund' THEN ${ledgerEntries.createdAt} + ${cancelShift}
        WHEN 'commission' THEN ${move.marginAt ? at(move.marginAt) : sql`${ledgerEntries.createdAt} + ${shift}`}
        ELSE ${ledgerEntries.createdAt} + ${shift} END`,
      reference: swap(sql`reference`),
      description: swap(sql`description`),
    })
    .where(
      or(
        eq(ledgerEntries.bookingId, row.id),
        and(eq(ledgerEntries.agencyId, row.agencyId), eq(ledgerEntries.reference, row.reference)),
      ),
    );
  const paid = await tx
    .update(payments)
    .set({
      createdAt: sql`created_at + ${shift}`,
      expiresAt: sql`expires_at + ${shift}`,
      updatedAt: sql`updated_at + ${row.cancelledAt ? cancelShift : shift}`,
    })
    .where(eq(payments.bookingId, row.id))
    .returning({ id: payments.id });
  if (paid.length)
    await tx
      .update(paymentRefunds)
      .set({ createdAt: sql`created_at + ${cancelShift}`, updatedAt: sql`updated_at + ${cancelShift}` })
      .where(
        inArray(
          paymentRefunds.paymentId,
          paid.map((p) => p.id),
        ),
      );
  await tx
    .update(auditEvents)
    .set({ createdAt: sql`created_at + ${shift}` })
    .where(eq(auditEvents.entityId, row.id));
  await moveMails(tx, row.reference, reference, shift);
}

// The booking's stock goes back to the slot it was booked on and is taken on the past day's slot of the same option
// and time (made as the catalogue would have had it: the same capacity); a cancelled booking holds none.
async function moveStock(tx: DbOrTx, row: typeof bookings.$inferSelect, tourDate: string): Promise<number | null> {
  const [current] = await tx
    .select()
    .from(slots)
    .where(eq(slots.id, row.slotId ?? 0));
  if (!current) return row.slotId;
  const holds = row.status !== 'cancelled' ? row.stockUnits : 0;
  const adults = row.status !== 'cancelled' ? row.stockAdults : 0;
  const children = row.status !== 'cancelled' ? row.stockChildren : 0;
  if (holds > 0)
    await tx
      .update(slots)
      .set({
        left: sql`${slots.left} + ${holds}`,
        leftAdultsTickets: sql`${slots.leftAdultsTickets} + ${adults}`,
        leftChildrenTickets: sql`${slots.leftChildrenTickets} + ${children}`,
      })
      .where(eq(slots.id, current.id));
  const sameTime = current.startTime === null ? sql`start_time IS NULL` : eq(slots.startTime, current.startTime);
  await tx
    .insert(slots)
    .values({
      offerId: current.offerId,
      date: tourDate,
      startTime: current.startTime,
      capacity: current.capacity,
      left: current.capacity,
      leftAdultsTickets:
        current.leftAdultsTickets === null ? null : current.capacity - (current.leftChildrenTickets ?? 0),
      leftChildrenTickets: current.leftChildrenTickets,
    })
    .onConflictDoNothing();
  const [taken] = await tx
    .update(slots)
    .set({
      left: sql`${slots.left} - ${holds}`,
      leftAdultsTickets: sql`${slots.leftAdultsTickets} - ${adults}`,
      leftChildrenTickets: sql`${slots.leftChildrenTickets} - ${children}`,
    })
    .where(and(eq(slots.offerId, current.offerId), eq(slots.date, tourDate), sameTime))
    .returning({ id: slots.id });
  return taken?.id ?? row.slotId;
}

// What each agent spent in each month, from the bookings as they now stand (bookings/spending-cap.ts counts each
// booking in its creator's month, `spend_month`, which the move changed)
async function sumSpendAgain(tx: DbOrTx, agencyIds: string[]) {
  const agents = tx.select({ id: users.id }).from(users).where(inArray(users.agencyId, agencyIds));
  await tx.delete(agentMonthSpend).where(inArray(agentMonthSpend.userId, agents));
  await tx.execute(sql`
    INSERT INTO agent_month_spend (user_id, month, spent_minor)
    SELECT created_by, spend_month, sum(spend_minor)
    FROM bookings
    WHERE agency_id IN (${sql.join(
      agencyIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) AND created_by IS NOT NULL AND spend_month IS NOT NULL
    GROUP BY created_by, spend_month`);
}
