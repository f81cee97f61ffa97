// @fastify/rate-limit's two stores (one count per key and window, in memory or in Redis), which the app-wide limit
// (plugins/external/address-rate-limit.ts) uses directly; the package ships no types for them
type RateLimitStore = {
  incr(
    key: string,
    callback: (error: Error | null, result: { current: number; ttl: number } | null) => void,
    timeWindowMs: number,
    max: number,
  ): void;
};
declare module '@fastify/rate-limit/store/LocalStore.js' {
  // (continueExceeding, exponentialBackoff, how many keys it keeps at most)
  const LocalStore: new (continueExceeding: boolean, exponentialBackoff: boolean, cache?: number) => RateLimitStore;
  export default LocalStore;
}
declare module '@fastify/rate-limit/store/RedisStore.js' {
  import type { Redis } from 'ioredis';
  // (continueExceeding, exponentialBackoff, the client, the keys' prefix)
  const RedisStore: new (
    continueExceeding: boolean,
    exponentialBackoff: boolean,
    redis: Redis,
    prefix?: string,
  ) => RateLimitStore;
  export default RedisStore;
}
