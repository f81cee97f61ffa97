import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, integerRef, language, timestamptz, uuidRef } from './columns.ts';
import { agencyOwned, users } from './accounts.ts';
import { offers } from './catalogue.ts';

// "Notify me" (issue 9): an agent's request to hear, once, that seats for an option on a date (and time) came back.
// Open while closed_at is null; closed with notified_at when its e-mail was queued, without it when the date passed.
// One open request per agent, option, date and time: asking again updates it.
export const stockWatches = pgTable(
  'stock_watches',
  {
    ...agencyOwned(),
    userId: uuidRef('user_id', () => users.id),
    offerId: integerRef('offer_id', () => offers.id),
    date: date('date', { mode: 'string' }).notNull(),
    // 'HH:mm'; null: any time that day
    startTime: text('start_time'),
    adults: integer('adults').notNull(),
    children: integer('children').notNull().default(0),
    infants: integer('infants').notNull().default(0),
    language: language(),
    createdAt: createdAt(),
    notifiedAt: timestamptz('notified_at'),
    closedAt: timestamptz('closed_at'),
  },
  (t) => [
    uniqueIndex('stock_watches_open_uq')
      .on(t.userId, t.offerId, t.date, sql`coalesce(${t.startTime}, '')`)
      .where(sql`${t.closedAt} IS NULL`),
    index('stock_watches_open_slot_idx')
      .on(t.offerId, t.date)
      .where(sql`${t.closedAt} IS NULL`),
    index('stock_watches_agency_idx').on(t.agencyId),
    check('stock_watches_people', sql`${t.adults} >= 0 AND ${t.children} >= 0 AND ${t.infants} >= 0`),
    check('stock_watches_notified_closed', sql`${t.notifiedAt} IS NULL OR ${t.closedAt} IS NOT NULL`),
  ],
);
