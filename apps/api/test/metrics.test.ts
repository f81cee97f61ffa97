import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { jobs } from '../src/db/schema/index.ts';
import { bookingBody, postBooking, bookingSuite } from './booking-fixtures.ts';
import { buildTestApp } from './build-test-app.ts';
import { bookingRoutes, catalogueRoutes } from '@portal/contract';
import { injectRoute } from './inject-route.ts';

const TOKEN = 'metrics-token-0123456789';
// the payments sweeper is due once an hour here: the test runs it by hand
const { t, w } = bookingSuite({ metricsToken: TOKEN, holdSweepMs: 3_600_000 });

const scrape = () => t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });

describe('GET /metrics', () => {
  it('answers only with the token, and not at all without one configured', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong' } })).statusCode,
    ).toBe(401);
    const closed = await buildTestApp();
    try {
      expect(
        (await closed.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } }))
          .statusCode,
      ).toBe(404);
    } finally {
      await closed.close();
    }
  });

  it('counts request latency per route pattern and booking decisions by outcome', async () => {
    expect((await postBooking(t.app, w.tokens.admin, bookingBody(w))).statusCode).toBe(200);
    expect((await postBooking(t.app, w.tokens.admin, bookingBody(w, { adults: 0, children: 0 }))).statusCode).toBe(422);
    await injectRoute(t.app, bookingRoutes.detail, {
      params: { id: crypto.randomUUID() },
      token: w.tokens.admin,
    });
    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toMatch(/portal_booking_decisions_total\{route="\/b2b\/bookings",outcome="completed"\} 1/);
    expect(text).toMatch(/portal_booking_decisions_total\{route="\/b2b\/bookings",outcome="refused"\} 1/);
    expect(text).toMatch(
      /portal_http_request_duration_seconds_count\{method="GET",route="\/api\/b2b\/bookings\/:id",status="404"\} 1/,
    );
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    await injectRoute(t.app, catalogueRoutes.homepage);
    await injectRoute(t.app, catalogueRoutes.homepage);
    const after = (await scrape()).body;
    expect(after).toMatch(/portal_catalogue_cache_answers\{source="computed"\} [1-9]/);
    expect(after).toMatch(/portal_catalogue_cache_answers\{source="hit"\} [1-9]/);
    // app.inject never passes the front door (decision 0161; front-reads.test reads it over a socket)
    expect(after).toMatch(/^portal_catalogue_front_door_answers 0$/m);
  });

  it("registers every plugin's jobs with the runner (each plugin adds its own)", async () => {
    const names = (await t.database.db.select({ name: jobs.name }).from(jobs)).map((row) => row.name);
    // the bookings, balance and webhooks plugins' jobs (the others are switched off in tests: their interval is 0)
    for (const name of ['payments-sweeper', 'top-ups-sweeper', 'webhooks']) expect(names).toContain(name);
    expect(names).not.toContain('widget-margins');
  });

  it('counts job runs by outcome', async () => {
    await t.database.db
      .update(jobs)
      .set({ nextRunAt: sql`now()`, lockedUntil: null })
      .where(eq(jobs.name, 'payments-sweeper'));
    await t.app.jobRunner.runDue();
    expect((await scrape()).body).toMatch(/portal_job_runs_total\{job="payments-sweeper",outcome="ok"\} [1-9]/);
  });
});
