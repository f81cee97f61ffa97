import type { RouteDescriptor } from '@portal/contract';
import type { Actor } from '../../lib/context.ts';
import { dubaiDate } from '../../lib/dubai-time.ts';
import type { HotRouteLog } from '../../lib/hot-route-log.ts';
import { roleAllowed } from '../../lib/route.ts';
import {
  matchesEtag,
  type CatalogueStore,
  type Encoding,
  type ReadyResponse,
  type Versions,
} from './catalogue.cache.ts';

// The cached catalogue reads' rules that both ways of answering them share: Fastify's (catalogue.routes.ts) and the
// front door's (front-reads.ts): the key and tag of an entry, who sees net rates, what a hit sends.

// Intl formatting costs more than the rest of a cached read, so the Dubai date is worked out once a minute
let todayMemo = { minute: -1, date: '' };
export function dubaiToday(now: Date): string {
  const minute = Math.floor(now.getTime() / 60_000);
  if (todayMemo.minute !== minute) todayMemo = { minute, date: dubaiDate(now) };
  return todayMemo.date;
}

// The encoding to answer in, by the Accept-Encoding header alone (br before gzip, as before); the few distinct
// headers clients send are remembered
const encodingByHeader = new Map<string, Encoding>();
function preferredEncoding(header: string | undefined): Encoding {
  if (!header) return 'identity';
  let encoding = encodingByHeader.get(header);
  if (encoding) return encoding;
  encoding = /\bbr\b/.test(header) ? 'br' : /\bgzip\b/.test(header) ? 'gzip' : 'identity';
  if (encodingByHeader.size >= 200) encodingByHeader.clear();
  encodingByHeader.set(header, encoding);
  return encoding;
}

// What a cached answer sends: 304 when the client has this ETag, else the bytes in the encoding it accepts (compressed
// once, the first time that encoding is asked for: a promise meanwhile); the headers are the entry's own, built when
// it was made. The same for Fastify's way (sendReady) and the front door's (front-reads.ts).
export type ReadyAnswer =
  | { status: 304; headers: Record<string, string>; bytes: null }
  | { status: 200; headers: Record<string, string>; bytes: Buffer | Promise<Buffer> };

export function readyAnswer(
  store: CatalogueStore,
  entry: ReadyResponse,
  ifNoneMatch: string | undefined,
  acceptEncoding: string | undefined,
): ReadyAnswer {
  if (ifNoneMatch !== undefined && matchesEtag(ifNoneMatch, entry.etag))
    return { status: 304, headers: entry.headers.notModified, bytes: null };
  let encoding = preferredEncoding(acceptEncoding);
  if (encoding !== 'identity' && entry[encoding] === null) encoding = 'identity';
  return { status: 200, headers: entry.headers[encoding], bytes: store.encoded(entry, encoding) };
}

// The cache tag: the catalogue's version, and either the stock stamps of the offers the answer shows and the minute
// (cut-offs), or the Dubai date (what "today" decides)
export function tagOf(versions: Versions, stockOffers: readonly number[] | null, nowMs: number): string {
  return stockOffers
    ? `c${versions.catalogue}|s${stockOffers.map(versions.stockOf).join('.')}|${Math.floor(nowMs / 60_000)}`
    : `c${versions.catalogue}|${dubaiToday(new Date(nowMs))}`;
}

// The raw URL names the route, its parameters and query; the site and whether net rates show decide the rest of the
// view (language and currency: the query's, else the site's). Net rates are the same for every agency that may see
// them (one net rate per offer and period): only whether they show is part of the key.
export function keyOf(url: string, siteId: string, showNet: boolean): string {
  return `${url}|${siteId}|${showNet ? 'net' : 'public'}`;
}

// Net rates are for approved agencies (and the tours company): an agency waiting for approval browses the catalogue
// at recommended prices, and its pages say why (issue "back office": the rule for agencies not yet approved)
export function seesNetRates(actor: Actor | null): boolean {
  return actor !== null && (actor.role === 'operator' || actor.agencyStatus === 'approved');
}

// A cached route as the front door needs it: its contract (who may read it), its Fastify path (the route the metrics
// and the rate limit name), whether it shows net rates to those who may see them
export type CachedRoute = { descriptor: RouteDescriptor; path: string; showNet: boolean };

// the cached reads' store, their request log (one cached read in HOT_ROUTE_LOG_SAMPLE is logged like any request,
// default 100, 1: every one; the others log only warnings and errors), and the routes by URL (the front door's)
export type Hot = { store: CatalogueStore; log: HotRouteLog; routesByUrl: Map<string, CachedRoute> };

// The entry that answers a cached read at once (Fastify's short way and the front door): the route allows the
// caller's role, the versions were read less than the poll time ago, and the entry under the request's key (whether
// net rates show is part of it: the tenant rule of these reads) has the current tag. Undefined: the full way decides.
export function currentEntry(
  store: CatalogueStore,
  route: Pick<CachedRoute, 'descriptor' | 'showNet'>,
  url: string,
  siteId: string,
  actor: Actor | null,
): ReadyResponse | undefined {
  if (!roleAllowed(route.descriptor, actor)) return undefined;
  const versions = store.versionsNow();
  if (!versions) return undefined;
  const entry = store.peek(keyOf(url, siteId, route.showNet && seesNetRates(actor)));
  return entry && entry.tag === tagOf(versions, entry.stockOffers, Date.now()) ? entry : undefined;
}
