import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { DatabaseHandle } from '../../db/client.ts';

export type Metrics = {
  registry: Registry;
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  bookingDecisions: Counter<'route' | 'outcome'>;
  jobRuns: Counter<'job' | 'outcome'>;
};

// Prometheus metrics of one node: request latency per route, booking decisions by outcome, job runs and failures,
// the database pool, and Node's own (event loop lag, memory, GC).
export function createMetrics(
  database: DatabaseHandle,
  catalogueCache: () => { hits: number; computed: number } | undefined,
): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const httpDuration = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const bookingDecisions = new Counter({
    name: 'portal_booking_decisions_total',
    help: 'Booking calls by outcome: completed, request, pending_payment (card hold), refused (4xx), busy (409), error',
    labelNames: ['route', 'outcome'] as const,
    registers: [registry],
  });
  const jobRuns = new Counter({
    name: 'portal_job_runs_total',
    help: 'Background job runs on this node by outcome (ok, failed)',
    labelNames: ['job', 'outcome'] as const,
    registers: [registry],
  });
  const pool = database.pool;
  new Gauge({
    name: 'portal_db_pool_connections',
    help: 'PostgreSQL pool connections by state (total, idle, waiting clients)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      if (!pool) return;
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  new Gauge({
    name: 'portal_catalogue_cache_answers',
    help: 'Catalogue and availability answers since start: from the cache (hit) or computed',
    labelNames: ['source'] as const,
    registers: [registry],
    collect() {
      const stats = catalogueCache();
      if (!stats) return;
      this.set({ source: 'hit' }, stats.hits);
      this.set({ source: 'computed' }, stats.computed);
    },
  });
  return { registry, httpDuration, bookingDecisions, jobRuns };
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

// GET /metrics only with METRICS_TOKEN set, and only with that token: never public on the sites' hosts. The latency
// hook covers every route of the app (fastify-plugin: not encapsulated).
export const metricsRoutes = fp(metricsPlugin, { name: 'metrics' });

async function metricsPlugin(app: FastifyInstance) {
  const { metrics } = app;
  const token = app.deps.config.metricsToken;
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route !== '/metrics')
      metrics.httpDuration.observe(
        { method: request.method, route, status: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    done();
  });
  app.get('/metrics', async (request, reply) => {
    if (!token) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    const header = request.headers.authorization ?? '';
    if (!header.startsWith('Bearer ') || !sameToken(header.slice(7), token))
      return reply.code(401).type('text/plain; charset=utf-8').send('Unauthorized');
    return reply
      .header('Cache-Control', 'no-store')
      .type(metrics.registry.contentType)
      .send(await metrics.registry.metrics());
  });
}
