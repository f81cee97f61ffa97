import { SQL, sql } from 'drizzle-orm';
import type { FunnelStep, InsightChannel, UnservedReason } from '@portal/contract';
import type { Db } from '../../db/client.ts';

// The Insight pages' reads (issue 31): one statement per answer, over insight_events, insight_sessions, bookings and
// the agencies. Periods arrive as instants (the Dubai days' bounds, the end excluded); counts leave as int and
// amounts as text, so both drivers give the same values.

export type Instants = { from: string; to: string };
export type InsightScope = {
  period: Instants;
  siteId?: string | undefined;
  agencyId?: string | undefined;
  tourId?: number | undefined;
};

type Rows<T> = { rows: T[] };
async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}

// Counts and sums as the drivers give them (int, bigint as text): a number
const num = (value: unknown): number => Number(value ?? 0);
const and = (parts: (SQL | false | undefined)[]): SQL =>
  sql.join(
    parts.filter((part): part is SQL => part instanceof SQL),
    sql` AND `,
  );
// the portal is the bookings' 'agent' channel
const bookingChannel = (channel: InsightChannel) => (channel === 'portal' ? 'agent' : channel);
const insightChannel = (channel: string): InsightChannel =>
  channel === 'agent' ? 'portal' : channel === 'widget' ? 'widget' : 'api';

function bookingFilters(scope: InsightScope, channel: InsightChannel | undefined, period = scope.period): SQL {
  return and([
    sql`b.created_at >= ${period.from}::timestamptz AND b.created_at < ${period.to}::timestamptz`,
    sql`NOT b.is_test`,
    scope.siteId !== undefined && sql`b.site_id = ${scope.siteId}`,
    scope.agencyId !== undefined && sql`b.agency_id = ${scope.agencyId}::uuid`,
    scope.tourId !== undefined && sql`b.tour_id = ${scope.tourId}`,
    channel !== undefined && sql`b.channel = ${bookingChannel(channel)}`,
  ]);
}

// --- the funnel ---

export type FunnelCounts = { steps: Record<FunnelStep, number> | null; channels: ChannelCounts[] };
export type ChannelCounts = { channel: InsightChannel; booked: number; paid: number };

// Each session's steps in the period (a tour filter narrows the tour's own steps and the bookings; a search names no
// tour), then how many sessions reached each step having reached the ones before it. Paid: the booking was paid,
// whatever happened to it since. The bookings per channel beside it, with or without a session.
export async function funnelCounts(
  db: Db,
  scope: InsightScope,
  channel: InsightChannel | undefined,
): Promise<FunnelCounts> {
  const { period } = scope;
  const ofTour = scope.tourId === undefined ? sql`true` : sql`e.tour_id = ${scope.tourId}`;
  const withSessions = channel === undefined || channel === 'portal';
  const eventFilters = and([
    sql`e.kind IN ('search', 'tour_view', 'checkout_started')`,
    sql`e.at >= ${period.from}::timestamptz AND e.at < ${period.to}::timestamptz`,
    sql`e.session_id IS NOT NULL`,
    scope.siteId !== undefined && sql`e.site_id = ${scope.siteId}`,
    scope.agencyId !== undefined && sql`e.agency_id = ${scope.agencyId}::uuid`,
  ]);
  const [row] = await rowsOf<Record<string, unknown>>(
    db,
    sql`
    WITH steps AS (
      SELECT e.session_id,
        bool_or(e.kind = 'search') AS searched,
        bool_or(e.kind = 'tour_view' AND ${ofTour}) AS viewed,
        bool_or(e.kind = 'checkout_started' AND ${ofTour}) AS checked_out
      FROM insight_events e
      WHERE ${withSessions ? eventFilters : sql`false`}
      GROUP BY e.session_id
    ),
    booked AS (
      SELECT b.insight_session_id AS session_id, bool_or(b.confirmed_at IS NOT NULL) AS paid
      FROM bookings b
      WHERE b.insight_session_id IS NOT NULL AND ${bookingFilters(scope, 'portal')}
      GROUP BY b.insight_session_id
    ),
    channels AS (
      SELECT b.channel, count(*)::int AS booked, count(*) FILTER (WHERE b.confirmed_at IS NOT NULL)::int AS paid
      FROM bookings b
      WHERE ${bookingFilters(scope, channel)}
      GROUP BY b.channel
    )
    -- one pass over the sessions: each step needs the ones before it
    SELECT
      count(*) FILTER (WHERE s.searched)::int AS search,
      count(*) FILTER (WHERE s.searched AND s.viewed)::int AS tour_view,
      count(*) FILTER (WHERE s.searched AND s.viewed AND s.checked_out)::int AS checkout_started,
      count(*) FILTER (WHERE s.searched AND s.viewed AND s.checked_out AND k.session_id IS NOT NULL)::int
        AS booking_created,
      count(*) FILTER (WHERE s.searched AND s.viewed AND s.checked_out AND k.paid)::int AS booking_paid,
      (SELECT coalesce(json_agg(json_build_array(channel, booked, paid)), '[]'::json) FROM channels)::text AS channels
    FROM steps s LEFT JOIN booked k ON k.session_id = s.session_id`,
  );
  const channels = (JSON.parse(String(row?.channels ?? '[]')) as [string, number, number][]).map(
    ([name, booked, paid]) => ({ channel: insightChannel(name), booked, paid }),
  );
  return {
    steps: withSessions
      ? {
          search: num(row?.search),
          tour_view: num(row?.tour_view),
          checkout_started: num(row?.checkout_started),
          booking_created: num(row?.booking_created),
          booking_paid: num(row?.booking_paid),
        }
      : null,
    channels,
  };
}

// --- agencies' activity ---

export type AgencyActivity = {
  agencyId: string;
  name: string;
  siteId: string;
  status: 'pending' | 'approved' | 'suspended' | 'rejected';
  lastLoginAt: Date | null;
  sessions: number;
  searches: number;
  bookings: number;
  previousSearches: number;
  previousBookings: number;
  isDormant: boolean;
};
export type AgencyActivityPage = { items: AgencyActivity[]; total: number; dormant: number };

// Every agency with something in the period or the one before it, and every approved one (those with neither a
// session nor a booking of any channel in the period are dormant); busiest first. `limit` null: every row.
export async function agencyActivity(
  db: Db,
  scope: Omit<InsightScope, 'tourId'> & { previous: Instants },
  options: { channel?: InsightChannel | undefined; dormantOnly: boolean; limit: number | null; offset: number },
): Promise<AgencyActivityPage> {
  const { period, previous } = scope;
  const inPeriod = (column: SQL) => sql`${column} >= ${period.from}::timestamptz`;
  const agencyFilters = and([
    sql`true`,
    scope.siteId !== undefined && sql`a.site_id = ${scope.siteId}`,
    scope.agencyId !== undefined && sql`a.id = ${scope.agencyId}::uuid`,
  ]);
  const channel = options.channel === undefined ? sql`true` : sql`b.channel = ${bookingChannel(options.channel)}`;
  const [row] = await rowsOf<{ total: number; dormant: number; items: string }>(
    db,
    sql`
    WITH sessions AS (
      SELECT s.agency_id, count(*)::int AS sessions
      FROM insight_sessions s
      WHERE s.agency_id IS NOT NULL
        AND s.started_at < ${period.to}::timestamptz AND s.last_seen_at >= ${period.from}::timestamptz
      GROUP BY s.agency_id
    ),
    searches AS (
      SELECT e.agency_id,
        count(*) FILTER (WHERE ${inPeriod(sql`e.at`)})::int AS searches,
        count(*) FILTER (WHERE NOT ${inPeriod(sql`e.at`)})::int AS previous_searches
      FROM insight_events e
      WHERE e.kind = 'search' AND e.agency_id IS NOT NULL
        AND e.at >= ${previous.from}::timestamptz AND e.at < ${period.to}::timestamptz
      GROUP BY e.agency_id
    ),
    booked AS (
      SELECT b.agency_id,
        count(*) FILTER (WHERE ${inPeriod(sql`b.created_at`)} AND ${channel})::int AS bookings,
        count(*) FILTER (WHERE NOT ${inPeriod(sql`b.created_at`)} AND ${channel})::int AS previous_bookings,
        count(*) FILTER (WHERE ${inPeriod(sql`b.created_at`)})::int AS any_bookings
      FROM bookings b
      WHERE NOT b.is_test
        AND b.created_at >= ${previous.from}::timestamptz AND b.created_at < ${period.to}::timestamptz
      GROUP BY b.agency_id
    ),
    logins AS (
      SELECT u.agency_id, max(u.last_login_at) AS last_login_at
      FROM users u WHERE u.agency_id IS NOT NULL GROUP BY u.agency_id
    ),
    activity AS (
      SELECT a.id, a.name, a.site_id, a.status, l.last_login_at,
        coalesce(s.sessions, 0) AS sessions, coalesce(q.searches, 0) AS searches,
        coalesce(k.bookings, 0) AS bookings, coalesce(q.previous_searches, 0) AS previous_searches,
        coalesce(k.previous_bookings, 0) AS previous_bookings,
        a.status = 'approved' AND s.sessions IS NULL AND coalesce(k.any_bookings, 0) = 0 AS is_dormant
      FROM agencies a
      LEFT JOIN sessions s ON s.agency_id = a.id
      LEFT JOIN searches q ON q.agency_id = a.id
      LEFT JOIN booked k ON k.agency_id = a.id
      LEFT JOIN logins l ON l.agency_id = a.id
      WHERE ${agencyFilters}
        AND (a.status = 'approved' OR s.agency_id IS NOT NULL OR q.agency_id IS NOT NULL OR k.agency_id IS NOT NULL)
    ),
    listed AS (
      SELECT * FROM activity WHERE ${options.dormantOnly ? sql`is_dormant` : sql`true`}
    )
    SELECT
      (SELECT count(*) FROM listed)::int AS total,
      (SELECT count(*) FILTER (WHERE is_dormant) FROM activity)::int AS dormant,
      (SELECT coalesce(json_agg(json_build_array(
          p.id, p.name, p.site_id, p.status,
          floor(extract(epoch FROM p.last_login_at) * 1000),
          p.sessions, p.searches, p.bookings, p.previous_searches, p.previous_bookings, p.is_dormant
        ) ORDER BY p.bookings DESC, p.searches DESC, p.sessions DESC, p.last_login_at DESC NULLS LAST, p.name, p.id),
        '[]'::json)
       FROM (
         SELECT * FROM listed
         ORDER BY bookings DESC, searches DESC, sessions DESC, last_login_at DESC NULLS LAST, name, id
         ${options.limit === null ? sql`` : sql`LIMIT ${options.limit}`} OFFSET ${options.offset}
       ) p)::text AS items`,
  );
  type Item = [string, string, string, AgencyActivity['status'], number | null, ...number[], boolean];
  const items = (JSON.parse(row?.items ?? '[]') as Item[]).map((item) => ({
    agencyId: item[0],
    name: item[1],
    siteId: item[2],
    status: item[3],
    lastLoginAt: item[4] === null ? null : new Date(item[4]),
    sessions: num(item[5]),
    searches: num(item[6]),
    bookings: num(item[7]),
    previousSearches: num(item[8]),
    previousBookings: num(item[9]),
    isDormant: item[10] === true,
  }));
  return { items, total: num(row?.total), dormant: num(row?.dormant) };
}

// --- demand not served ---

export type Localized = { en: string; ru: string };
export type UnservedDemand = {
  tourId: number;
  tourTitle: Localized;
  offerId: number | null;
  offerName: Localized | null;
  date: string | null;
  reasons: UnservedReason[];
  seats: number;
  asked: number;
  agencies: number;
  agencyNames: string[];
};

// Availability asks that found nothing to book, per tour, option and day: each asker's (a session's, or a single
// event's without one) largest ask summed as the seats wanted, every ask counted; most seats first
export async function unservedDemand(
  db: Db,
  scope: InsightScope,
  options: { reason?: UnservedReason | undefined; limit: number | null; offset: number },
): Promise<{ items: UnservedDemand[]; total: number }> {
  const { period } = scope;
  const filters = and([
    sql`e.kind = 'availability' AND e.reason IS NOT NULL AND e.tour_id IS NOT NULL`,
    sql`e.at >= ${period.from}::timestamptz AND e.at < ${period.to}::timestamptz`,
    scope.siteId !== undefined && sql`e.site_id = ${scope.siteId}`,
    scope.agencyId !== undefined && sql`e.agency_id = ${scope.agencyId}::uuid`,
    scope.tourId !== undefined && sql`e.tour_id = ${scope.tourId}`,
    options.reason !== undefined && sql`e.reason = ${options.reason}`,
  ]);
  const [row] = await rowsOf<{ total: number; items: string }>(
    db,
    sql`
    WITH asks AS (
      SELECT e.tour_id, e.offer_id, e.date, e.reason, e.agency_id, coalesce(greatest(e.seats, 0), 0) AS seats,
        coalesce(e.session_id::text, 'event:' || e.id::text) AS asker
      FROM insight_events e
      WHERE ${filters}
    ),
    per_asker AS (
      SELECT tour_id, offer_id, date, asker, max(seats) AS seats, count(*) AS asked
      FROM asks GROUP BY tour_id, offer_id, date, asker
    ),
    wanted AS (
      SELECT tour_id, offer_id, date, sum(seats)::int AS seats, sum(asked)::int AS asked
      FROM per_asker GROUP BY tour_id, offer_id, date
    ),
    who AS (
      SELECT k.tour_id, k.offer_id, k.date,
        array_agg(DISTINCT k.reason ORDER BY k.reason) AS reasons,
        count(DISTINCT k.agency_id)::int AS agencies,
        coalesce(array_agg(DISTINCT a.name ORDER BY a.name) FILTER (WHERE a.name IS NOT NULL), '{}') AS agency_names
      FROM asks k LEFT JOIN agencies a ON a.id = k.agency_id
      GROUP BY k.tour_id, k.offer_id, k.date
    ),
    ranked AS (
      SELECT w.*, h.reasons, h.agencies, h.agency_names, t.title AS tour_title, o.name AS offer_name
      FROM wanted w
      JOIN who h ON h.tour_id = w.tour_id AND h.offer_id IS NOT DISTINCT FROM w.offer_id
        AND h.date IS NOT DISTINCT FROM w.date
      JOIN tours t ON t.id = w.tour_id
      LEFT JOIN offers o ON o.id = w.offer_id
    )
    SELECT
      (SELECT count(*) FROM ranked)::int AS total,
      (SELECT coalesce(json_agg(json_build_array(
          p.tour_id, p.tour_title, p.offer_id, p.offer_name, p.date, p.reasons, p.seats, p.asked, p.agencies,
          p.agency_names
        ) ORDER BY p.seats DESC, p.asked DESC, p.date NULLS LAST, p.tour_id, p.offer_id NULLS LAST), '[]'::json)
       FROM (
         SELECT * FROM ranked
         ORDER BY seats DESC, asked DESC, date NULLS LAST, tour_id, offer_id NULLS LAST
         ${options.limit === null ? sql`` : sql`LIMIT ${options.limit}`} OFFSET ${options.offset}
       ) p)::text AS items`,
  );
  type Item = [number, Localized, number | null, Localized | null, string | null, UnservedReason[], ...unknown[]];
  const items = (JSON.parse(row?.items ?? '[]') as Item[]).map((item) => ({
    tourId: item[0],
    tourTitle: item[1],
    offerId: item[2],
    offerName: item[3],
    date: item[4],
    reasons: item[5],
    seats: num(item[6]),
    asked: num(item[7]),
    agencies: num(item[8]),
    agencyNames: item[9] as string[],
  }));
  return { items, total: num(row?.total) };
}

// --- sales by channel ---

export type SalesCounts = { channel: InsightChannel; currency: 'aed' | 'usd'; bookings: number; netMinor: number };

// Bookings made in the period that are paid and stand (the dashboard's count), per channel and account currency
export async function salesByChannel(
  db: Db,
  scope: InsightScope,
  channel: InsightChannel | undefined,
): Promise<SalesCounts[]> {
  const rows = await rowsOf<{ channel: string; currency: 'aed' | 'usd'; bookings: number; net_minor: string }>(
    db,
    sql`
    SELECT b.channel, b.currency, count(*)::int AS bookings, sum(b.net_total_minor)::text AS net_minor
    FROM bookings b
    WHERE b.status = 'completed' AND ${bookingFilters(scope, channel)}
    GROUP BY b.channel, b.currency
    ORDER BY b.channel, b.currency`,
  );
  return rows.map((r) => ({
    channel: insightChannel(r.channel),
    currency: r.currency,
    bookings: num(r.bookings),
    netMinor: num(r.net_minor),
  }));
}

// --- filter choices ---

export async function tourChoices(db: Db): Promise<{ id: number; title: Localized }[]> {
  return rowsOf<{ id: number; title: Localized }>(
    db,
    sql`SELECT t.id, t.title FROM tours t ORDER BY t.title->>'en', t.id`,
  );
}
