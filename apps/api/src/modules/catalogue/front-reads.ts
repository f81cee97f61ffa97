import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { clientAddressReader } from '../../lib/client-address.ts';
import type { Actor } from '../../lib/context.ts';
import { markCounted, type AddressCount, type FrontReader, type HandOver } from '../../lib/front-door.ts';
import { roleAllowed } from '../../lib/route.ts';
import { keyOf, readyAnswer, seesNetRates, tagOf, type Hot } from './cached-answers.ts';
import type { SessionCache } from './session-cache.ts';

// The catalogue's cached answers at the front door (docs/decisions/0161): a GET of a URL Fastify already matched to a
// cached route and answered from an entry, by a caller whose session the catalogue's hook verified less than its
// recheck time ago (or by nobody, on a public route), with the entry still current, is answered here with what
// Fastify's way sends: the same security headers, the same count per address and its X-RateLimit-* headers, the
// entry's own headers and bytes (or 304), the same latency metric. Anything else is handed to Fastify, which answers
// it as before: an unknown URL or session, a refused role, an old tag, a body being compressed, the one request in
// HOT_ROUTE_LOG_SAMPLE that is logged, a request over the limit (with its count, which Fastify then applies).
// front-reads.test reads both ways' answers back and compares them.
export function catalogueFrontReader(
  app: FastifyInstance,
  { store, log, routesByUrl, sessions }: Hot & { sessions: SessionCache },
): FrontReader {
  const clientOf = clientAddressReader(app.deps.config.trustProxy);
  const { sites } = app.deps;
  const counter = app.addressCounter;
  const latency = app.metrics.httpDuration;

  // each headers object (the security headers of a kind of URL, an entry's of an encoding) as name, value, name…
  const flatHeaders = new WeakMap<Readonly<Record<string, string>>, string[]>();
  const flat = (headers: Readonly<Record<string, string>>) => {
    let list = flatHeaders.get(headers);
    if (!list) flatHeaders.set(headers, (list = Object.entries(headers).flat()));
    return list;
  };

  const read = (req: IncomingMessage, res: ServerResponse, handOver: HandOver) => {
    const started = performance.now();
    const url = req.url;
    if (req.method !== 'GET' || url === undefined) return handOver();
    const route = routesByUrl.get(url);
    if (!route) return handOver();
    const headers = req.headers;
    // a GET with a body goes the way that reads bodies
    if (headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined) return handOver();
    let actor: Actor | null = null;
    const authorization = headers.authorization;
    if (authorization?.startsWith('Bearer ')) {
      const known = sessions.known(authorization);
      if (!known) return handOver();
      actor = known;
    }
    if (!roleAllowed(route.descriptor, actor)) return handOver();
    const versions = store.versionsNow();
    if (!versions) return handOver();
    const client = clientOf(req);
    const site = sites.byHost(client.hostname);
    const entry = store.peek(keyOf(url, site.id, route.showNet && seesNetRates(actor)));
    if (!entry || entry.tag !== tagOf(versions, entry.stockOffers, Date.now())) return handOver();
    const answer = readyAnswer(store, entry, headers['if-none-match'], headers['accept-encoding']);
    const bytes = answer.bytes;
    if (bytes !== null && !Buffer.isBuffer(bytes)) return handOver();
    if (log.sample(req)) return handOver();

    const send = (counted: AddressCount) => {
      const out = [...flat(app.securityHeadersFor(url))];
      if (counted)
        out.push(
          'x-ratelimit-limit',
          counted.limit,
          'x-ratelimit-remaining',
          counted.remaining,
          'x-ratelimit-reset',
          counted.reset,
        );
      for (const item of flat(answer.headers)) out.push(item);
      if (bytes) out.push('content-length', String(bytes.length));
      res.writeHead(answer.status, out);
      res.end(bytes ?? undefined);
      store.hit(true);
      latency.observe('GET', route.path, answer.status, (performance.now() - started) / 1000);
    };
    if (!counter.counts(route.path)) return send(null);
    counter.count(client.ip, (counted) => {
      // over the limit, or the count failed: Fastify answers, with this count (not counted again)
      if (!counted || counted.over) {
        markCounted(req, counted);
        return handOver();
      }
      send(counted);
    });
  };

  return (req, res, handOver) => {
    try {
      read(req, res, handOver);
    } catch (error) {
      // nothing sent yet: Fastify answers as it would have; else the connection goes, as a failed write would
      app.log.error({ err: error }, 'the front door could not answer');
      if (res.headersSent) res.destroy();
      else handOver();
    }
  };
}
