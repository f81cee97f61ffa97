// npm run bench (insight part), or alone: node bench/insight-bench.mjs (runs the server from the sources, so no build
// is needed). Issue 31: the back office's funnel over 1,000,000 recorded events answers in ≤ 500 ms on PostgreSQL.
// A fresh database with the demo seed; then, in SQL, 50,000 sessions of the demo agencies over the last 30 days and
// 1,000,000 events of every kind among them (pages, searches, tours, availability asked with and without a reason,
// checkouts, booking outcomes, errors), and 2,000 copies of a demo booking made in those sessions. The funnel of the
// last 30 days (the page's default: every event) is asked once to warm up and then RUNS times; the median counts.
// The other Insight pages are timed once each beside it, for the record. Needs PostgreSQL: BENCH_DATABASE_URL (an
// admin connection; default the local server) — the bench creates and drops its own database.
import { fileURLToPath } from 'node:url';
import { DEMO_OPERATOR, demoServerOnPostgres, login, printTargets, runAlone } from './util.mjs';

export const INSIGHT_TARGETS = { funnelMedianMs: 500 };
const EVENTS = Number(process.env.BENCH_INSIGHT_EVENTS ?? 1_000_000);
const SESSIONS = Math.max(1, Math.round(EVENTS / 20));
const BOOKINGS = 2_000;
const RUNS = 7;

// Sessions spread over the last 30 days, each of a demo agency (and one of its users); the events of a session
// within its first 40 minutes. An event's kind comes from a fixed mix: most are pages, fewer searches, tours,
// availability (a fifth of those found nothing: a reason), checkouts and outcomes.
async function seed(db) {
  await db.query(`
    CREATE TEMP TABLE bench_agents AS
      SELECT row_number() OVER (ORDER BY u.id) - 1 AS n, u.id AS user_id, u.agency_id, a.site_id
      FROM users u JOIN agencies a ON a.id = u.agency_id WHERE u.role <> 'operator';
    CREATE TEMP TABLE bench_tours AS
      SELECT row_number() OVER (ORDER BY o.id) - 1 AS n, o.tour_id, o.id AS offer_id
      FROM offers o JOIN tours t ON t.id = o.tour_id WHERE t.is_active;`);
  await db.query(
    `INSERT INTO insight_sessions (id, site_id, user_id, agency_id, started_at, last_seen_at)
     SELECT gen_random_uuid(), a.site_id, a.user_id, a.agency_id, s.started_at, s.started_at + interval '40 minutes'
     FROM (SELECT g, now() - interval '30 days' + (g::float8 / $1) * interval '30 days' - interval '1 hour' AS started_at
           FROM generate_series(0, $1 - 1) g) s
     JOIN bench_agents a ON a.n = s.g % (SELECT count(*) FROM bench_agents)`,
    [SESSIONS],
  );
  await db.query(`CREATE TEMP TABLE bench_sessions AS
    SELECT row_number() OVER (ORDER BY started_at) - 1 AS n, id, site_id, user_id, agency_id, started_at
    FROM insight_sessions`);
  await db.query('CREATE INDEX ON bench_sessions (n)');
  await db.query(
    `INSERT INTO insight_events (session_id, kind, at, site_id, agency_id, user_id, channel, path, tour_id, offer_id,
       date, seats, reason, props)
     SELECT s.id, k.kind, s.started_at + (e.g % 2400) * interval '1 second', s.site_id, s.agency_id, s.user_id, 'portal',
       CASE WHEN k.kind = 'page_view' THEN '/tour' END,
       CASE WHEN k.kind IN ('tour_view', 'availability', 'checkout_started') THEN t.tour_id END,
       CASE WHEN k.kind IN ('availability', 'checkout_started') THEN t.offer_id END,
       CASE WHEN k.kind = 'availability' THEN (s.started_at + (e.g % 60) * interval '1 day')::date END,
       CASE WHEN k.kind = 'availability' THEN 1 + e.g % 6 END,
       CASE WHEN k.kind = 'availability' AND e.g % 5 = 0
         THEN (ARRAY['sold_out', 'past_cut_off', 'no_slot', 'not_enough_seats'])[1 + (e.g / 5) % 4] END,
       CASE WHEN k.kind = 'search' THEN jsonb_build_object('query', 'safari', 'results', e.g % 12) END
     FROM generate_series(0, $1 - 1) e(g)
     JOIN bench_sessions s ON s.n = e.g % $2
     -- the n-th event of a session: its kind varies with n (and the session), not with the session alone
     CROSS JOIN LATERAL (SELECT ((e.g / $2)::bigint * 7919 + (e.g % $2)::bigint * 13) % 100 AS m) k0
     -- how far the session goes (the funnel narrows): 4 in 10 only browse and search, 3 also open tours, 2 reach a
     -- checkout, 1 a booking's outcome; a kind past its session's reach is a page view
     CROSS JOIN LATERAL (SELECT CASE
         WHEN k0.m < 40 THEN 'page_view'
         WHEN k0.m < 58 THEN 'search'
         WHEN k0.m < 76 AND (e.g % $2) % 10 >= 4 THEN 'tour_view'
         WHEN k0.m < 88 AND (e.g % $2) % 10 >= 4 THEN 'availability'
         WHEN k0.m < 93 AND (e.g % $2) % 10 >= 7 THEN 'checkout_started'
         WHEN k0.m < 96 AND (e.g % $2) % 10 >= 9 THEN 'booking_created'
         WHEN k0.m < 98 AND (e.g % $2) % 10 >= 9 THEN 'booking_paid'
         WHEN k0.m < 99 AND (e.g % $2) % 10 >= 9 THEN 'booking_failed'
         WHEN k0.m >= 99 THEN 'error'
         ELSE 'page_view' END AS kind) k
     JOIN bench_tours t ON t.n = e.g % (SELECT count(*) FROM bench_tours)`,
    [EVENTS, SESSIONS],
  );
  // bookings made in some of those sessions: copies of a demo booking, half of them paid
  const {
    rows: [template],
  } = await db.query(
    `SELECT id FROM bookings WHERE channel = 'agent' AND status = 'completed' ORDER BY created_at DESC LIMIT 1`,
  );
  if (!template) throw new Error('no demo booking to copy');
  const { rows } = await db.query(
    `SELECT column_name FROM information_schema.columns WHERE table_name = 'bookings' AND table_schema = 'public'
       AND column_name NOT IN ('id', 'reference', 'created_at', 'updated_at', 'insight_session_id', 'status',
         'confirmed_at') ORDER BY ordinal_position`,
  );
  const columns = rows.map((r) => `"${r.column_name}"`).join(', ');
  await db.query(
    `INSERT INTO bookings (${columns}, reference, created_at, updated_at, insight_session_id, status, confirmed_at)
     SELECT ${columns.replace(/"([a-z_]+)"/g, 'b."$1"')}, 'INS' || lpad(g::text, 6, '0'), s.started_at + interval '30 minutes',
       now(), s.id, CASE WHEN g % 2 = 0 THEN 'completed' ELSE 'pending_payment' END,
       CASE WHEN g % 2 = 0 THEN s.started_at + interval '31 minutes' END
     FROM bookings b, generate_series(0, $2 - 1) g
     JOIN bench_sessions s ON s.n = (g * 10 + 9) % $3
     WHERE b.id = $1`,
    [template.id, BOOKINGS, SESSIONS],
  );
  await db.query('ANALYZE insight_events; ANALYZE insight_sessions; ANALYZE bookings');
  const {
    rows: [counted],
  } = await db.query(
    'SELECT (SELECT count(*) FROM insight_events)::int AS events, (SELECT count(*) FROM insight_sessions)::int AS sessions',
  );
  return counted;
}

async function timed(url, token) {
  const started = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const body = await res.json();
  if (!res.ok) throw new Error(`GET ${url}: ${res.status} ${JSON.stringify(body)}`);
  return { ms: performance.now() - started, body };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

// `serverArgs`: how node starts the server (the built dist from npm run bench, the sources when run alone)
export async function runInsightBench({ serverArgs, root, children, env = {} }) {
  const portal = await demoServerOnPostgres({
    name: 'portal_bench_insight',
    skippedWhat: 'Insight bench',
    args: serverArgs,
    root,
    children,
    env,
  });
  if (!portal) return null;
  const { base, db } = portal;
  try {
    const seedStarted = performance.now();
    const counted = await seed(db);
    const seedSeconds = Number(((performance.now() - seedStarted) / 1000).toFixed(1));
    const accessToken = await login(base, DEMO_OPERATOR);
    const funnelUrl = `${base}/api/admin/insight/funnel`;
    const warm = await timed(funnelUrl, accessToken);
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push((await timed(funnelUrl, accessToken)).ms);
    const funnelMs = Math.round(median(runs));
    const others = {};
    for (const page of ['agencies', 'demand', 'sales']) {
      await timed(`${base}/api/admin/insight/${page}`, accessToken);
      others[page] = Math.round((await timed(`${base}/api/admin/insight/${page}`, accessToken)).ms);
    }
    const rows = [
      {
        scenario: `GET /api/admin/insight/funnel, last 30 days (${counted.events.toLocaleString('en')} events)`,
        medianMs: funnelMs,
        runsMs: runs.map(Math.round).join(', '),
        sessionsPerStep: warm.body.steps.map((s) => s.sessions).join(' → '),
      },
      ...Object.entries(others).map(([page, ms]) => ({
        scenario: `GET /api/admin/insight/${page}, last 30 days`,
        medianMs: ms,
        runsMs: String(ms),
        sessionsPerStep: '',
      })),
    ];
    const targets = {
      insightFunnel1MEvents: {
        target: `median <= ${INSIGHT_TARGETS.funnelMedianMs} ms over ${counted.events.toLocaleString('en')} events (PostgreSQL)`,
        actual: funnelMs,
        met: funnelMs <= INSIGHT_TARGETS.funnelMedianMs && counted.events >= EVENTS,
      },
    };
    return {
      rows,
      targets,
      settings: { events: counted.events, sessions: counted.sessions, bookings: BOOKINGS, runs: RUNS, seedSeconds },
    };
  } finally {
    await portal.close();
  }
}

// node bench/insight-bench.mjs
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await runInsightBench(runAlone(import.meta.url));
  if (result) {
    console.log(`\nInsight pages (PostgreSQL): ${JSON.stringify(result.settings)}`);
    console.table(result.rows);
    printTargets(result.targets);
  }
}
