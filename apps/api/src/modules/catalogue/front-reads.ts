import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { clientAddressReader } from '../../lib/client-address.ts';
import type { Actor } from '../../lib/context.ts';
import {
  markCounted,
  rateLimitHeaders,
  type AddressCount,
  type FrontReader,
  type HandOver,
} from '../../lib/front-door.ts';
import { currentEntry, readyAnswer, type Hot } from './cached-answers.ts';
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

  // `once`: hands the request over at most once (a failure after handing over must not hand it over again)
  const read = (req: IncomingMessage, res: ServerResponse, once: HandOver) => {
    const started = performance.now();
    const url = req.url;
    // an absolute-form target (`GET http://host/api/…`) goes to Fastify, whose hooks read such a URL otherwise
    if (req.method !== 'GET' || url === undefined || url.charCodeAt(0) !== 47) return once();
    const route = routesByUrl.get(url);
    if (!route) return once();
    const headers = req.headers;
    // a GET with a body goes the way that reads bodies
    if (headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined) return once();
    let actor: Actor | null = null;
    const authorization = headers.authorization;
    if (authorization?.startsWith('Bearer ')) {
      const known = sessions.known(authorization);
      if (!known) return once();
      actor = known;
    }
    const client = clientOf(req);
    // another host (an agency's shop domain, which the widget shops' hook decides on) goes to Fastify
    const site = sites.ownSite(client.hostname);
    if (!site) return once();
    const entry = currentEntry(store, route, url, site.id, actor);
    if (!entry) return once();
    const answer = readyAnswer(store, entry, headers['if-none-match'], headers['accept-encoding']);
    const bytes = answer.bytes;
    if (bytes !== null && !Buffer.isBuffer(bytes)) return once();
    if (log.sample(req)) return once();

    // the security headers, the limit's, the entry's: three sets of distinct names (a raw list sends each it holds)
    const send = (counted: AddressCount) => {
      const out = [...flat(app.securityHeadersFor(url))];
      if (counted) out.push(...Object.entries(rateLimitHeaders(counted)).flat());
      for (const item of flat(answer.headers)) out.push(item);
      if (bytes) out.push('content-length', String(bytes.length));
      res.writeHead(answer.status, out);
      res.end(bytes ?? undefined);
      store.hit(true);
      latency.observe('GET', route.path, answer.status, (performance.now() - started) / 1000);
    };
    if (!counter.counts(route.path)) return send(null);
    counter.count(client.ip, (counted) =>
      guarded(req, res, once, () => {
        // counted from here on: if anything below fails, Fastify answers with this count, not counting it again
        markCounted(req, counted);
        // over the limit, or the count failed: Fastify answers, with this count
        if (!counted || counted.over) return once();
        send(counted);
      }),
    );
  };

  // A failure (the store's callback may come later, with Redis) never escapes: nothing sent yet, Fastify answers as
  // it would have (once); a response begun and not finished loses its connection, as a failed write would
  const guarded = (req: IncomingMessage, res: ServerResponse, once: HandOver, run: () => void) => {
    try {
      run();
    } catch (error) {
      app.log.error({ err: error }, 'the front door could not answer');
      if (!res.headersSent) once();
      else if (!res.writableEnded) res.destroy();
    }
  };

  return (req, res, handOver) => {
    let handed = false;
    const once = () => {
      if (handed) return;
      handed = true;
      handOver();
    };
    guarded(req, res, once, () => read(req, res, once));
  };
}
