import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import { MESSAGES } from '@portal/contract';
import { AppError } from '../../lib/app-error.ts';
import { countedAtFrontDoor, rateLimitHeaders, type AddressCount, type AddressCounter } from '../../lib/front-door.ts';
import { requestPath } from '../../lib/route.ts';

const WINDOW_MS = 60_000;
// the keys the in-memory store keeps at most (the oldest address leaves first), as @fastify/rate-limit's default
const LOCAL_KEYS = 5000;

// The app-wide limit: `max` calls a minute per client address, counted in @fastify/rate-limit's own stores (in
// memory, or in Redis across nodes under the same keys as before), answered with the same X-RateLimit-* headers and
// the same 429. It is a callback hook rather than the plugin's global one (docs/decisions/0160): every API call
// passes here, and the plugin's hook took five promises a call where the in-memory count needs none (about 10 % of
// a cached catalogue read's server time, measured). `counts`: which requests it counts, by their path (`requestPath`:
// the route matched, else the URL); the others pass untouched and carry no rate-limit headers. A request the front
// door counted and handed over (lib/front-door.ts) carries its count, which is applied instead of counting it twice;
// the counter returned is the one the front door counts with.
export function addressRateLimit(
  app: FastifyInstance,
  { max, redis, counts }: { max: number; redis: Redis | undefined; counts: (url: string) => boolean },
): AddressCounter {
  const store = redis ? new RedisStore(false, false, redis) : new LocalStore(false, false, LOCAL_KEYS);
  const limit = String(max);
  const count = (ip: string | undefined, then: (count: AddressCount) => void) =>
    store.incr(
      ip ?? '',
      (error, result) => {
        // a store that fails (Redis down) lets the call through, without rate-limit headers, rather than refusing all
        if (error || !result) return then(null);
        const over = result.current > max;
        then({
          limit,
          remaining: over ? '0' : String(max - result.current),
          reset: String(Math.ceil(result.ttl / 1000)),
          over,
        });
      },
      WINDOW_MS,
      max,
    );
  const apply = (reply: FastifyReply, counted: AddressCount, done: (error?: Error) => void) => {
    if (!counted) return done();
    reply.headers(rateLimitHeaders(counted));
    done(
      counted.over ? new AppError('too_many_requests', MESSAGES.tooManyAttempts, [], Number(counted.reset)) : undefined,
    );
  };
  app.addHook('onRequest', (request: FastifyRequest, reply, done) => {
    if (!counts(requestPath(request))) return done();
    const counted = countedAtFrontDoor(request.raw);
    if (counted !== undefined) return apply(reply, counted, done);
    count(request.ip, (fresh) => apply(reply, fresh, done));
  });
  return { counts, count };
}
