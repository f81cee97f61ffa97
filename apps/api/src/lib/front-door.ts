import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyServerOptions } from 'fastify';

// Hand the request to Fastify, as if the front door had not looked at it
export type HandOver = () => void;
// A reader at the front door: answers the request itself (sending the response, now or later), or hands it over
export type FrontReader = (req: IncomingMessage, res: ServerResponse, handOver: HandOver) => void;

export type FrontDoor = {
  // Fastify's serverFactory: the HTTP server Fastify would make, with the front door's reader before Fastify's router
  serverFactory: NonNullable<FastifyServerOptions['serverFactory']>;
  // the one reader (the catalogue's ready answers: docs/decisions/0161); none until a plugin sets it, and only one
  use: (reader: FrontReader) => void;
  // from then on every request goes to Fastify (which answers 503 while closing, as without a front door): the
  // server's shutdown calls it before app.close(), and the app's preClose hook too
  close: () => void;
};

// One request's count in the app-wide limit per address (plugins/external/address-rate-limit.ts): its headers' values
// and whether it is over the limit; null when the store failed. `counts` tells which paths count; `count` counts one
// request of a client address.
export type AddressCount = { limit: string; remaining: string; reset: string; over: boolean } | null;
export type AddressCounter = {
  counts: (path: string) => boolean;
  count: (ip: string | undefined, then: (count: AddressCount) => void) => void;
};
// the X-RateLimit-* headers of a count (the limit's hook and the front door send the same)
export function rateLimitHeaders(count: NonNullable<AddressCount>): Record<string, string> {
  return {
    'x-ratelimit-limit': count.limit,
    'x-ratelimit-remaining': count.remaining,
    'x-ratelimit-reset': count.reset,
  };
}
// A request the front door counted and then handed to Fastify carries its count, so the limit's hook applies it
// instead of counting the request twice
const COUNTED = Symbol('counted at the front door');
type CountedRequest = IncomingMessage & { [COUNTED]?: AddressCount };
export function markCounted(req: IncomingMessage, count: AddressCount): void {
  (req as CountedRequest)[COUNTED] = count;
}
// the count the front door made, or undefined when it made none
export function countedAtFrontDoor(req: IncomingMessage): AddressCount | undefined {
  const marked = req as CountedRequest;
  return COUNTED in marked ? (marked[COUNTED] ?? null) : undefined;
}

const numberOr = (value: unknown, fallback: number) => (typeof value === 'number' ? value : fallback);

// Requests that a reader answers from memory before Fastify builds its request and reply, runs its hooks and
// routes: a cached catalogue read is then a lookup and one write (docs/decisions/0161). Everything else, and any
// request the reader hands over, takes Fastify's way as before. `app.inject` calls Fastify's router directly, so the
// front door is only on the real server.
export function createFrontDoor(): FrontDoor {
  let reader: FrontReader | null = null;
  return {
    serverFactory: (handler, options) => {
      // the front door is an HTTP/1 server's listener: TLS or HTTP/2 would need their own
      if (options.https || options.http2) throw new Error('the front door serves plain HTTP/1 only');
      const listener = (req: IncomingMessage, res: ServerResponse) => {
        if (!reader) return handler(req, res);
        reader(req, res, () => handler(req, res));
      };
      // as Fastify makes its HTTP/1 server (fastify/lib/server.js): the same timeouts and limits
      const server = http.createServer((options.http ?? {}) as http.ServerOptions, listener);
      server.keepAliveTimeout = numberOr(options.keepAliveTimeout, 72_000);
      server.requestTimeout = numberOr(options.requestTimeout, 0);
      server.setTimeout(numberOr(options.connectionTimeout, 0));
      const perSocket = numberOr(options.maxRequestsPerSocket, 0);
      if (perSocket > 0) server.maxRequestsPerSocket = perSocket;
      return server;
    },
    use: (next) => {
      if (reader) throw new Error('the front door has a reader already');
      reader = next;
    },
    close: () => {
      reader = null;
    },
  };
}
