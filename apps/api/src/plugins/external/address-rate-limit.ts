import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import { MESSAGES } from '@portal/contract';
import { AppError } from '../../lib/app-error.ts';
import { requestPath } from '../../lib/route.ts';

const WINDOW_MS = 60_000;
// the keys the in-memory store keeps at most (the oldest address leaves first), as @fastify/rate-limit's default
const LOCAL_KEYS = 5000;

// The app-wide limit: `max` calls a minute per client address, counted in @fastify/rate-limit's own stores (in
// memory, or in Redis across nodes under the same keys as before), answered with the same X-RateLimit-* headers and
// the same 429. It is a callback hook rather than the plugin's global one (docs/decisions/0160): every API call
// passes here, and the plugin's hook took five promises a call where the in-memory count needs none (about 10 % of
// a cached catalogue read's server time, measured). `counts`: which requests it counts, by their path (`requestPath`:
// the route matched, else the URL); the others pass untouched and carry no rate-limit headers.
export function addressRateLimit(
  app: FastifyInstance,
  { max, redis, counts }: { max: number; redis: Redis | undefined; counts: (url: string) => boolean },
): void {
  const store = redis ? new RedisStore(false, false, redis) : new LocalStore(false, false, LOCAL_KEYS);
  const limit = String(max);
  app.addHook('onRequest', (request: FastifyRequest, reply, done) => {
    if (!counts(requestPath(request))) return done();
    store.incr(
      request.ip,
      (error, result) => {
        // a store that fails (Redis down) lets the call through, without rate-limit headers, rather than refusing all
        if (error || !result) return done();
        const reset = String(Math.ceil(result.ttl / 1000));
        const over = result.current > max;
        reply.header('x-ratelimit-limit', limit);
        reply.header('x-ratelimit-remaining', over ? '0' : String(max - result.current));
        reply.header('x-ratelimit-reset', reset);
        done(over ? new AppError('too_many_requests', MESSAGES.tooManyAttempts, [], Number(reset)) : undefined);
      },
      WINDOW_MS,
      max,
    );
  });
}
