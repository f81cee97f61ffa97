import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { CatalogueLocaleQuery, RouteDescriptor } from '@portal/contract';
import { catalogueRoutes as routes, currencyForLanguage } from '@portal/contract';
import type { Site } from '../../config/sites.ts';
import type { Actor } from '../../lib/context.ts';
import { dubaiDate } from '../../lib/dubai-time.ts';
import { sampledRequestLogger, type ChildLoggerFactory } from '../../lib/hot-route-log.ts';
import {
  checkAccess,
  parseInput,
  registerRoute,
  roleAllowed,
  serviceContext,
  toFastifyPath,
  type HandlerInput,
} from '../../lib/route.ts';
import { alternatives, tourSlotsOfYear } from './alternatives.service.ts';
import { availabilityByOffer, availabilityByTour, availabilityRowsJson } from './availability.service.ts';
import {
  createCatalogueStore,
  JsonText,
  matchesEtag,
  type CatalogueStore,
  type Encoding,
  type ReadyResponse,
  type Versions,
} from './catalogue.cache.ts';
import * as service from './catalogue.service.ts';
import type { CatalogueSnapshot } from './catalogue.snapshot.ts';
import type { View } from './catalogue.views.ts';
import { createImageService, createVideoLibrary } from './media.ts';
import { sessionCacheHook } from './session-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    catalogue: CatalogueStore;
  }
}

type LocaleInput =
  | Partial<Pick<CatalogueLocaleQuery, 'language' | 'Language' | 'currencyCode' | 'currencycode'>>
  | undefined;

// Intl formatting costs more than the rest of a cached read, so the Dubai date is worked out once a minute
let todayMemo = { minute: -1, date: '' };
function dubaiToday(now: Date): string {
  const minute = Math.floor(now.getTime() / 60_000);
  if (todayMemo.minute !== minute) todayMemo = { minute, date: dubaiDate(now) };
  return todayMemo.date;
}

// Texts in the request's language (default: the site's); the currency as asked, else the one that goes with the
// language (SPEC §4: Russian → usd, otherwise aed).
export function viewFor(site: Site, query: LocaleInput, showNet: boolean, now: Date): View {
  const askedLanguage = query?.language ?? query?.Language;
  const language = askedLanguage ?? site.defaultLanguage;
  const currency =
    query?.currencyCode ??
    query?.currencycode ??
    (askedLanguage ? currencyForLanguage(askedLanguage) : site.defaultCurrency);
  return { language, currency, showNet, today: dubaiToday(now) };
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

// A cached answer: 304 when the client has this ETag, else the bytes in the encoding it accepts (compressed once,
// the first time that encoding is asked for); the headers are the entry's own, built when it was made.
// Undefined when sent at once; else (compressing) a promise of the reply, which an async handler returns.
function sendReady(
  store: CatalogueStore,
  request: FastifyRequest,
  reply: FastifyReply,
  entry: ReadyResponse,
): undefined | Promise<FastifyReply> {
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined && matchesEtag(ifNoneMatch, entry.etag)) {
    reply.headers(entry.headers.notModified).code(304).send();
    return;
  }
  let encoding = preferredEncoding(request.headers['accept-encoding']);
  if (encoding !== 'identity' && entry[encoding] === null) encoding = 'identity';
  const headers = entry.headers[encoding];
  const bytes = store.encoded(entry, encoding);
  if (Buffer.isBuffer(bytes)) {
    reply.headers(headers).send(bytes);
    return;
  }
  return bytes.then((ready) => reply.headers(headers).send(ready));
}

// The cache tag: the catalogue's version, and either the stock stamps of the offers the answer shows and the minute
// (cut-offs), or the Dubai date (what "today" decides)
function tagOf(versions: Versions, stockOffers: readonly number[] | null, nowMs: number): string {
  return stockOffers
    ? `c${versions.catalogue}|s${stockOffers.map(versions.stockOf).join('.')}|${Math.floor(nowMs / 60_000)}`
    : `c${versions.catalogue}|${dubaiToday(new Date(nowMs))}`;
}

// The raw URL names the route, its parameters and query; the site and whether net rates show decide the rest of the
// view (language and currency: the query's, else the site's). Net rates are the same for every agency that may see
// them (one net rate per offer and period): only whether they show is part of the key.
function keyOf(request: FastifyRequest, showNet: boolean): string {
  return `${request.url}|${request.site.id}|${showNet ? 'net' : 'public'}`;
}

type Compute<R extends RouteDescriptor> = (
  input: HandlerInput<R>,
  view: View,
  snapshot: CatalogueSnapshot,
  now: Date,
) => unknown;

// A read served from the version-tagged cache with an ETag (304 on If-None-Match). `stockOf`: the offers whose slots
// the response shows; it is also tagged with their stock stamps and with the minute (cut-offs).
// A cached answer takes the short way: the session the catalogue's hook verified, the versions read less than
// `pollMs` ago, the entry under the request's key and its tag: no validation (the entry exists only for a URL that
// passed it), no promise, one write. Anything else (no entry, an old tag, versions to re-read, no session) takes the
// full way: access, validation, versions, compute if needed.
function registerCached<R extends RouteDescriptor>(
  app: FastifyInstance,
  { store, logger }: Hot,
  route: R,
  options: {
    showNet: boolean;
    stockOf?: (input: HandlerInput<R>, snapshot: () => Promise<CatalogueSnapshot>) => number[] | Promise<number[]>;
    compute: Compute<R>;
  },
) {
  const full = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    await checkAccess(app, route, request);
    const input: HandlerInput<R> = { ...parseInput(route, request), ctx: serviceContext(app, request), request, reply };
    const now = new Date();
    const showNet = options.showNet && seesNetRates(input.ctx.actor);
    const versions = await store.versions();
    // ByOffer names its offer itself: only ByTour needs the snapshot to list its offers
    const stockOffers = options.stockOf ? await options.stockOf(input, store.snapshot) : null;
    const entry = await store.cached(
      keyOf(request, showNet),
      tagOf(versions, stockOffers, now.getTime()),
      stockOffers,
      async () => {
        const view = viewFor(input.ctx.site, input.query as LocaleInput, showNet, now);
        const result = await options.compute(input, view, await store.snapshot(), now);
        if (result instanceof JsonText) return result.text;
        return JSON.stringify(route.response ? route.response.parse(result) : result);
      },
    );
    // the reply itself (a thenable): Fastify waits for the answer to be sent
    return sendReady(store, request, reply, entry) ?? reply;
  };
  app.route({
    method: route.method,
    url: toFastifyPath(route.path),
    childLoggerFactory: logger,
    handler: (request, reply) => {
      const actor = request.actor;
      // refused or not yet authenticated: the full path answers 401/403 as every route does
      if (!roleAllowed(route, actor)) return full(request, reply);
      const versions = store.versionsNow();
      if (!versions) return full(request, reply);
      const entry = store.peek(keyOf(request, options.showNet && seesNetRates(actor)));
      if (!entry || entry.tag !== tagOf(versions, entry.stockOffers, Date.now())) return full(request, reply);
      store.hit();
      return sendReady(store, request, reply, entry);
    },
  });
}

// Net rates are for approved agencies (and the tours company): an agency waiting for approval browses the catalogue
// at recommended prices, and its pages say why (issue "back office": the rule for agencies not yet approved)
function seesNetRates(actor: Actor | null): boolean {
  return actor !== null && (actor.role === 'operator' || actor.agencyStatus === 'approved');
}

function intFromEnv(name: string, fallback: number): number {
  const value = process.env[name];
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : fallback;
}

export const catalogueRoutesPlugin = fp(
  async (parent) => {
    const isTest = parent.deps.config.nodeEnv === 'test';
    const store = createCatalogueStore(parent.deps.db, {
      pollMs: intFromEnv('CATALOGUE_VERSION_POLL_MS', isTest ? 0 : 250),
    });
    parent.decorate('catalogue', store);
    // the routes live in their own context so the session hook touches no other route
    await parent.register(async (app) => {
      app.addHook('onRequest', sessionCacheHook(app, intFromEnv('CATALOGUE_SESSION_RECHECK_MS', isTest ? 300 : 2000)));
      registerCatalogueRoutes(app, store);
    });
  },
  { name: 'catalogue' },
);

// the cached reads' store, and their request logger: one cached read in HOT_ROUTE_LOG_SAMPLE is logged like any
// request (default 100; 1: every one), the others log only warnings and errors
type Hot = { store: CatalogueStore; logger: ChildLoggerFactory };

function registerCatalogueRoutes(app: FastifyInstance, store: CatalogueStore) {
  const hot: Hot = { store, logger: sampledRequestLogger(intFromEnv('HOT_ROUTE_LOG_SAMPLE', 100)) };
  const sendImage = createImageService(app.deps.db, store, app.deps.config.dataDir, app.deps.storage);
  const videos = createVideoLibrary();
  const pub = { showNet: false };
  const net = { showNet: true };

  registerCached(app, hot, routes.homepage, {
    ...pub,
    compute: (_, view, snapshot) => service.homepage(snapshot, view),
  });
  registerCached(app, hot, routes.countryPage, {
    ...pub,
    compute: ({ params }, view, snapshot) => service.countryPage(snapshot, params.url, view),
  });
  registerCached(app, hot, routes.cityPage, {
    ...pub,
    compute: ({ params }, view, snapshot) => service.cityPage(snapshot, params.a, params.b, view),
  });
  registerCached(app, hot, routes.categoryPage, {
    ...pub,
    compute: ({ params }, view, snapshot) => service.categoryPage(snapshot, params.category, view),
  });

  registerCached(app, hot, routes.tours, {
    ...net,
    compute: (_, view, snapshot) => service.tourList(snapshot, view),
  });
  registerCached(app, hot, routes.promoTours, {
    ...net,
    compute: (_, view, snapshot) => service.promoTours(snapshot, view),
  });
  registerCached(app, hot, routes.tour, {
    ...net,
    compute: ({ params }, view, snapshot) => service.tour(snapshot, params.id, view, videos.describe),
  });
  registerCached(app, hot, routes.ticketsForOffer, {
    ...net,
    compute: ({ params }, view, snapshot) => service.ticketsForOffer(snapshot, params.id, view),
  });
  registerCached(app, hot, routes.publicTicketsForOffer, {
    ...pub,
    compute: ({ params }, view, snapshot) => service.ticketsForOffer(snapshot, params.id, view),
  });
  registerCached(app, hot, routes.ticketsForTour, {
    ...net,
    compute: ({ params }, view, snapshot) => service.ticketsForTour(snapshot, params.id, view),
  });
  registerCached(app, hot, routes.offersPrices, {
    ...net,
    compute: ({ query }, view, snapshot) => service.offersPrices(snapshot, query, view),
  });
  registerCached(app, hot, routes.availabilityByOffer, {
    ...net,
    stockOf: ({ query }) => [query.id],
    compute: async ({ query, ctx }, _view, snapshot, now) =>
      new JsonText(availabilityRowsJson(await availabilityByOffer(ctx.db, snapshot, query, now))),
  });
  registerCached(app, hot, routes.availabilityByTour, {
    ...net,
    stockOf: async ({ query }, snapshot) =>
      ((await snapshot()).offersByTour.get(query.id) ?? []).map((offer) => offer.id),
    compute: async ({ query, ctx }, _view, snapshot, now) =>
      new JsonText(availabilityRowsJson(await availabilityByTour(ctx.db, snapshot, query, now))),
  });

  // cached like ByTour; a miss works from the tour's slots of the year, kept per stock stamp (tourSlotsOfYear)
  registerCached(app, hot, routes.alternatives, {
    ...net,
    stockOf: async ({ query }, snapshot) =>
      ((await snapshot()).offersByTour.get(query.tourId) ?? []).map((offer) => offer.id),
    compute: ({ query, ctx }, view, snapshot, now) =>
      alternatives(tourSlotsOfYear(store, ctx.db, view.today), snapshot, query, view.today, now),
  });

  registerRoute(app, routes.promoCode, ({ params, ctx }) => service.checkPromoCode(ctx.db, params.code, dubaiDate()));
  registerRoute(app, routes.image, async ({ params, query, request, reply }) =>
    sendImage(request, reply, params.key, query.w),
  );
  registerRoute(app, routes.video, async ({ params, request, reply }) => videos.send(request, reply, params.key));
}
