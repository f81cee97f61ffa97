// Issue 30's reseller API figures, on the booking bench's PostgreSQL server: the OCTO availability calendar (30 days,
// one option), reserve + confirm chains at c=10, and the hot slot with half its load through OCTO (stock exact).
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { dubaiToday, json } from './util.mjs';

export const OCTO_TARGETS = { calendarP99Ms: 50, reserveConfirmP99Ms: 200 };

const percentile = (values, p) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

// reserve then confirm, one adult, by `workers` clients for `duration` seconds; each chain's time is both calls
async function runChains({ base, secret, body, workers, duration }) {
  const times = [];
  const outcome = { confirmed: 0, soldOut: 0, other: 0 };
  const headers = { authorization: `Bearer ${secret}`, 'content-type': 'application/json' };
  const until = Date.now() + duration * 1000;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (Date.now() < until) {
        const uuid = randomUUID();
        const started = performance.now();
        const reserved = await fetch(`${base}/octo/v1/bookings`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ ...body(), uuid }),
        });
        const answer = await reserved.json();
        if (reserved.status !== 200) {
          if (answer.error === 'UNPROCESSABLE_ENTITY') outcome.soldOut++;
          else outcome.other++;
          continue;
        }
        const confirmed = await fetch(`${base}/octo/v1/bookings/${uuid}/confirm`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ contact: { fullName: 'Bench Guest', emailAddress: 'bench@example.test' } }),
        });
        await confirmed.arrayBuffer();
        if (confirmed.status === 200) {
          outcome.confirmed++;
          times.push(performance.now() - started);
        } else outcome.other++;
      }
    }),
  );
  return { times, outcome, perSecond: Math.round((outcome.confirmed + outcome.soldOut) / duration) };
}

export async function runOctoBench({ base, token, db, offer, connections, duration, portalLoad, prepareSlots }) {
  const key = await json(`${base}/api/b2b/api-keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ name: 'Bench engine' }),
  });
  const {
    rows: [{ tour_id: tourId }],
  } = await db.query('SELECT tour_id FROM offers WHERE id = $1', [offer.id]);
  const availabilityId = (date) => `${date}T${offer.time}:00+04:00`;
  const reserveBody = (date) => () => ({
    productId: String(tourId),
    optionId: String(offer.id),
    availabilityId: availabilityId(date),
    unitItems: [{ unitId: 'adult' }],
  });

  // the calendar: 30 days of one option, as a reseller's date picker asks it
  const calendar = await new Promise((resolve, reject) =>
    autocannon(
      {
        url: `${base}/octo/v1/availability/calendar`,
        method: 'POST',
        connections,
        duration,
        headers: {
          authorization: `Bearer ${key.secret}`,
          'content-type': 'application/json',
          'octo-capabilities': 'octo/pricing',
        },
        body: JSON.stringify({
          productId: String(tourId),
          optionId: String(offer.id),
          localDateStart: dubaiToday(1),
          localDateEnd: dubaiToday(30),
        }),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    ),
  );

  // reserve + confirm at c=10 on slots with room
  const chainDates = Array.from({ length: 4 }, (_, i) => dubaiToday(105 + i));
  await prepareSlots(db, offer, chainDates, 100_000);
  let n = 0;
  const chains = await runChains({
    base,
    secret: key.secret,
    body: () => reserveBody(chainDates[n++ % chainDates.length])(),
    workers: connections,
    duration,
  });

  // the hot slot, half its load through OCTO and half through the portal's booking call
  const hotDate = dubaiToday(109);
  const hotSeats = 800;
  await prepareSlots(db, offer, [hotDate], hotSeats);
  const half = Math.max(1, Math.floor(connections / 2));
  const [hotChains, hotPortal] = await Promise.all([
    runChains({ base, secret: key.secret, body: reserveBody(hotDate), workers: half, duration }),
    portalLoad(hotDate, half),
  ]);
  const {
    rows: [stock],
  } = await db.query(
    `SELECT s."left", s.capacity,
       (SELECT coalesce(sum(b.stock_units), 0)::int FROM bookings b WHERE b.slot_id = s.id AND b.status IN ('completed', 'pending_payment')) AS taken,
       (SELECT count(*)::int FROM bookings b WHERE b.slot_id = s.id AND b.status = 'completed' AND b.channel = 'api') AS api
     FROM slots s WHERE s.offer_id = $1 AND s.start_time = $2 AND s.date = $3`,
    [offer.id, offer.time, hotDate],
  );
  const exact = stock.left >= 0 && stock.left + stock.taken === hotSeats;
  const chainP99 = Math.round(percentile(chains.times, 99));
  const rows = [
    {
      scenario: 'OCTO POST /availability/calendar, 30 days, one option (PostgreSQL)',
      decisionsPerSecond: Math.round(calendar.requests.average),
      latencyP50Ms: calendar.latency.p50,
      latencyP99Ms: calendar.latency.p99,
      confirmed: calendar['2xx'],
      outOfStock: 0,
      otherAnswers: calendar.non2xx,
      errors: calendar.errors + calendar.timeouts,
    },
    {
      scenario: `OCTO reserve + confirm chains, c=${connections} (PostgreSQL)`,
      decisionsPerSecond: chains.perSecond,
      latencyP50Ms: Math.round(percentile(chains.times, 50)),
      latencyP99Ms: chainP99,
      confirmed: chains.outcome.confirmed,
      outOfStock: chains.outcome.soldOut,
      otherAnswers: chains.outcome.other,
      errors: 0,
    },
    {
      scenario: 'Hot slot: OCTO chains beside portal bookings (PostgreSQL)',
      decisionsPerSecond: hotChains.perSecond,
      latencyP50Ms: Math.round(percentile(hotChains.times, 50)),
      latencyP99Ms: Math.round(percentile(hotChains.times, 99)),
      confirmed: hotChains.outcome.confirmed,
      outOfStock: hotChains.outcome.soldOut,
      otherAnswers: hotChains.outcome.other + hotPortal.outcome.other,
      errors: 0,
    },
  ];
  const targets = {
    octoCalendarP99: {
      target: `<= ${OCTO_TARGETS.calendarP99Ms} ms`,
      actual: calendar.latency.p99,
      met: calendar.latency.p99 <= OCTO_TARGETS.calendarP99Ms && calendar.non2xx === 0,
    },
    octoReserveConfirmP99: {
      target: `<= ${OCTO_TARGETS.reserveConfirmP99Ms} ms (both calls, c=${connections})`,
      actual: chainP99,
      met: chainP99 <= OCTO_TARGETS.reserveConfirmP99Ms && chains.outcome.other === 0,
    },
    octoHotSlotExact: {
      target: 'left + taken = seats with half the load through OCTO, no other answers',
      actual: `${stock.left} left + ${stock.taken} taken of ${hotSeats} (${stock.api} through OCTO, ${hotPortal.outcome.confirmed} through the portal)`,
      met: exact && hotChains.outcome.other === 0 && hotPortal.outcome.other === 0,
    },
  };
  return { rows, targets };
}
