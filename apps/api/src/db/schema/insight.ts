import { sql } from 'drizzle-orm';
import { bigserial, boolean, date, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Issue 31: an analytics session of the portal (SPEC §9: renewed while used within 30 minutes, ended after 24 hours),
// keyed to the user once logged in. The server decides when one has ended; the browser adopts the id it answers.
export const insightSessions = pgTable(
  'insight_sessions',
  {
    id: uuid('id').primaryKey(),
    siteId: text('site_id').notNull(),
    userId: uuid('user_id'),
    agencyId: uuid('agency_id'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    // support replay: whether this session's pages are recorded (the agency's switch and the sample rate decided)
    isRecorded: boolean('is_recorded').notNull().default(false),
  },
  (t) => [
    index('insight_sessions_agency_idx').on(t.agencyId, t.startedAt),
    index('insight_sessions_started_idx').on(t.startedAt),
  ],
);

// One thing an agent did or met. Columns rather than a JSON bag for what the Insight pages group and filter by.
export const insightEvents = pgTable(
  'insight_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sessionId: uuid('session_id'),
    kind: text('kind').notNull(),
    // the server's clock when it recorded the event (a browser's clock may be anything)
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    siteId: text('site_id'),
    agencyId: uuid('agency_id'),
    userId: uuid('user_id'),
    channel: text('channel').notNull().default('portal'),
    path: text('path'),
    tourId: integer('tour_id'),
    offerId: integer('offer_id'),
    // the day asked for (availability, bookings)
    date: date('date'),
    seats: integer('seats'),
    // availability: why nothing could be booked (UNSERVED_REASONS); booking_failed: why
    reason: text('reason'),
    // search: query, city, category, results; error: message
    props: jsonb('props').$type<Record<string, string | number | boolean | null>>(),
  },
  (t) => [
    index('insight_events_at_idx').on(t.at),
    index('insight_events_kind_at_idx').on(t.kind, t.at),
    index('insight_events_session_idx').on(t.sessionId),
    index('insight_events_agency_at_idx').on(t.agencyId, t.at),
    index('insight_events_unserved_idx')
      .on(t.tourId, t.offerId, t.date)
      .where(sql`kind = 'availability' AND reason IS NOT NULL`),
  ],
);
