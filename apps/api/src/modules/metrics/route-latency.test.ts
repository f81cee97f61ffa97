import { Histogram, Registry, type Metric } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RouteLatency } from './metrics.ts';

// The request-latency histogram is our own (an observation per request must be cheap): it must export exactly what
// prom-client's Histogram exports for the same observations, so dashboards and alerts read it unchanged
describe('RouteLatency', () => {
  it("exports what prom-client's Histogram exports for the same observations", async () => {
    const buckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
    const name = 'portal_http_request_duration_seconds';
    const help = 'Time to answer a request, by route pattern and status';
    const theirs = new Registry();
    const histogram = new Histogram({
      name,
      help,
      labelNames: ['method', 'route', 'status'] as const,
      buckets,
      registers: [theirs],
    });
    const ours = new Registry();
    const latency = new RouteLatency(name, help, buckets);
    ours.registerMetric(latency as unknown as Metric);
    // on a bound, between bounds, above the last; three series, one route with two statuses; a label to escape
    const observations: [string, string, number, number][] = [
      ['GET', '/api/b2b/tours/:id', 200, 0.005],
      ['GET', '/api/b2b/tours/:id', 200, 0.0004],
      ['GET', '/api/b2b/tours/:id', 404, 0.03],
      ['POST', '/api/b2b/bookings', 200, 7.5],
      ['POST', '/api/b2b/bookings', 200, 0.2],
      ['GET', 'unmatched "x"\\', 404, 1],
    ];
    for (const [method, route, status, seconds] of observations) {
      histogram.observe({ method, route, status: String(status) }, seconds);
      latency.observe(method, route, status, seconds);
    }
    const text = await ours.metrics();
    expect(text).toBe(await theirs.metrics());
    expect(text).toContain(`${name}_count{method="POST",route="/api/b2b/bookings",status="200"} 2`);
    expect(text).toContain(`${name}_bucket{le="0.005",method="GET",route="/api/b2b/tours/:id",status="200"} 2`);
    expect(await ours.getMetricsAsJSON()).toEqual(await theirs.getMetricsAsJSON());
    latency.reset();
    histogram.reset();
    expect(await ours.metrics()).toBe(await theirs.metrics());
  });
});
