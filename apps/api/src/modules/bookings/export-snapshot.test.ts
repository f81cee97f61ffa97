import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { bookings } from '../../db/schema/index.ts';
import { createAgency, loginAs } from '../../../test/factories.ts';
import { bookingBody, fund, postBooking, bookingSuite } from '../../../test/booking-fixtures.ts';
import { type BookingRow } from './bookings.repo.ts';
import { filterConditions, iterateBookings } from './bookings-list.repo.ts';

const { t, w } = bookingSuite();

const isPostgres = Boolean(process.env.TEST_DATABASE_URL);

// A copy of a booking with another reference and a creation time given to the microsecond (as the database keeps it)
async function copyOf(template: BookingRow, createdAt: string, guestName: string): Promise<string> {
  const { id: _id, reference, createdAt: _at, updatedAt: _up, ...rest } = template;
  const [row] = await t.database.db
    .insert(bookings)
    .values({
      ...rest,
      reference: `${reference}-${Math.random().toString(36).slice(2, 8)}`,
      guestName,
      createdAt: sql`${createdAt}::timestamptz` as unknown as Date,
    })
    .returning({ id: bookings.id });
  if (!row) throw new Error('copy failed');
  return row.id;
}

// a funded agency with one booking made through the API: its row is the template the copies are made from
async function agencyWithTemplate() {
  const agency = await createAgency(t.database.db);
  await fund(t.database.db, agency.id, 500_000);
  const token = await loginAs(t.app, agency.users.admin.email);
  const made = (await postBooking(t.app, token, bookingBody(w, { children: 0 }))).json().booking;
  const [template] = await t.database.db.select().from(bookings).where(eq(bookings.id, made.id));
  if (!template) throw new Error('no template');
  return { agency, token, template };
}

describe('the xlsx exports read one consistent snapshot (iterateBookings, keyset by created_at and id)', () => {
  it(`neither skips nor repeats a row while bookings are created and changed between batches (${isPostgres ? 'PostgreSQL: the rows as they were at the start' : 'PGlite: every row once'})`, async () => {
    const { agency, token, template } = await agencyWithTemplate();
    // newest first: the booking made now, then nine older ones. The batches of 3 end on a pair created in the same
    // millisecond (a cursor in milliseconds skips the second) and inside a tie of the same microsecond (a cursor on
    // the time alone skips the rest of the tie)
    const day = '2026-01-01 10:00';
    const times = [
      `${day}:09+00`,
      `${day}:05.123456+00`,
      `${day}:05.1234+00`,
      `${day}:04.5+00`,
      `${day}:04+00`,
      `${day}:04+00`,
      `${day}:03+00`,
      `${day}:02+00`,
      `${day}:01+00`,
    ];
    for (const [n, at] of times.entries()) await copyOf(template, at, `Guest ${n}`);
    const conditions = filterConditions({ agencyId: agency.id, onlyCreatedBy: null }, {}, false);
    const atStart: { id: string; guestName: string; status: string }[] = [];
    for await (const { booking } of iterateBookings(t.database.db, conditions, 1000))
      atStart.push({ id: booking.id, guestName: booking.guestName, status: booking.status });
    expect(atStart).toHaveLength(10);
    expect(atStart[0]?.id).toBe(template.id);

    const read: typeof atStart = [];
    const rows = iterateBookings(t.database.db, conditions, 3)[Symbol.asyncIterator]();
    for (let n = 0; n < 3; n++) {
      const next = await rows.next();
      if (next.done) throw new Error('ended early');
      read.push({
        id: next.value.booking.id,
        guestName: next.value.booking.guestName,
        status: next.value.booking.status,
      });
    }
    // after the first batch (the second is read ahead with it): a new booking on top (it shifted every OFFSET page
    // by one), one committed late with an older creation time below the cursor, an unread row renamed, another
    // cancelled
    const newest = (await postBooking(t.app, token, bookingBody(w, { children: 0 }))).json().booking.id;
    const late = await copyOf(template, `${day}:02.5+00`, 'Late Commit');
    const renamed = atStart[8]?.id ?? '';
    const cancelled = atStart[7]?.id ?? '';
    await t.database.db.update(bookings).set({ guestName: 'Renamed Meanwhile' }).where(eq(bookings.id, renamed));
    await t.database.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, cancelled));
    for (let next = await rows.next(); !next.done; next = await rows.next())
      read.push({
        id: next.value.booking.id,
        guestName: next.value.booking.guestName,
        status: next.value.booking.status,
      });

    const ids = read.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).not.toContain(newest);
    if (isPostgres) {
      // one REPEATABLE READ snapshot: exactly the rows and values of the start
      expect(read).toEqual(atStart);
    } else {
      // PGlite, no held snapshot: every row of the start once and in order; a row is read as it is when its batch
      // runs (and a late commit below the cursor, which PGlite's one-at-a-time transactions cannot make, would show)
      expect(ids.filter((id) => id !== late)).toEqual(atStart.map((r) => r.id));
      expect(read.find((r) => r.id === renamed)?.guestName).toBe('Renamed Meanwhile');
      expect(read.find((r) => r.id === cancelled)?.status).toBe('cancelled');
    }
  });

  it('reads each row as one JSON text and gives every value as a plain select does (dates, arrays, texts, nulls)', async () => {
    const { agency, template } = await agencyWithTemplate();
    const awkward = await copyOf(template, '2026-01-01 10:00:05.123456+00', 'O\'Brien "Jr" \\ Ünïcødé 😀\nline two');
    await t.database.db
      .update(bookings)
      .set({
        notes: '<b>&amp;</b>, \t tab; 100%',
        ticketNumbers: ['T-1', 'T,2', 'T "3"'],
        tourTitle: { en: 'Desert "Safari"', ru: 'Сафари в пустыне' },
        pickUpTime: '07:45',
        balanceAfterMinor: -9_007_199_254_740,
        quotedNetMinor: null,
      })
      .where(eq(bookings.id, awkward));
    const conditions = filterConditions({ agencyId: agency.id, onlyCreatedBy: null }, {}, false);
    const read = new Map<string, Record<string, unknown>>();
    for await (const { booking, agentName } of iterateBookings(t.database.db, conditions, 1)) {
      expect(agentName).toBe('Test admin');
      read.set(booking.id, booking);
    }
    expect([...read.keys()].sort()).toEqual([template.id, awkward].sort());
    const full = await t.database.db.select().from(bookings).where(eq(bookings.agencyId, agency.id));
    for (const row of full) {
      const exported = read.get(row.id);
      if (!exported) throw new Error(`${row.id} not read`);
      // every column the export reads, as Drizzle maps it: Date for the creation time, the array, the texts
      for (const [key, value] of Object.entries(exported))
        expect([key, value]).toEqual([key, row[key as keyof typeof row]]);
      expect(Object.keys(exported).length).toBeGreaterThan(25);
    }
    const odd = read.get(awkward);
    expect(odd?.createdAt).toEqual(new Date('2026-01-01T10:00:05.123Z'));
    expect(odd?.guestName).toBe('O\'Brien "Jr" \\ Ünïcødé 😀\nline two');
    expect(odd?.ticketNumbers).toEqual(['T-1', 'T,2', 'T "3"']);
    expect(odd?.balanceAfterMinor).toBe(-9_007_199_254_740);
  });

  it('ends the snapshot when the reader stops early, so the next export sees new rows', async () => {
    const agency = await createAgency(t.database.db);
    await fund(t.database.db, agency.id, 500_000);
    const token = await loginAs(t.app, agency.users.admin.email);
    for (let n = 0; n < 3; n++) await postBooking(t.app, token, bookingBody(w, { children: 0 }));
    const conditions = filterConditions({ agencyId: agency.id, onlyCreatedBy: null }, {}, false);
    for await (const row of iterateBookings(t.database.db, conditions, 2)) {
      expect(row.agentName).toBe('Test admin');
      break;
    }
    await postBooking(t.app, token, bookingBody(w, { children: 0 }));
    let count = 0;
    for await (const _row of iterateBookings(t.database.db, conditions, 2)) count += 1;
    expect(count).toBe(4);
    if (isPostgres && t.database.pool) {
      // no connection left open in a transaction by the export that stopped
      const { rows } = await t.database.pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state = 'idle in transaction'`,
      );
      expect(rows[0]?.n).toBe(0);
    }
  });
});
