import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { CatalogueLocaleQuery, RouteDescriptor } from '@portal/contract';
import { catalogueRoutes as routes, currencyForLanguage } from '@portal/contract';
import type { Site } from '../../config/sites.ts';
import { dubaiDate } from '../../lib/dubai-time.ts';
import { hotRouteLog } from '../../lib/hot-route-log.ts';
import {
  checkAccess,
  parseInput,
  registerRoute,
  serviceContext,
  toFastifyPath,
  type HandlerInput,
} from '../../lib/route.ts';
import { alternatives, tourSlotsOfYear } from './alternatives.service.ts';
import { availabilityByOffer, availabilityByTour, availabilityRowsJson } from './availability.service.ts';
import { createCatalogueStore, JsonText, type CatalogueStore, type ReadyResponse } from './catalogue.cache.ts';
import * as service from './catalogue.service.ts';
import type { CatalogueSnapshot } from './catalogue.snapshot.ts';
import type { View } from './catalogue.views.ts';
import { createImageService, createVideoLibrary } from './media.ts';
import {
  currentEntry,
  dubaiToday,
  keyOf,
  readyAnswer,
  seesNetRates,
  tagOf,
  type CachedRoute,
  type Hot,
} from './cached-answers.ts';
import { catalogueFrontReader } from './front-reads.ts';
import { sessionCache } from './session-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    catalogue: CatalogueStore;
  }
}

type LocaleInput =
  | Partial<Pick<CatalogueLocaleQuery, 'language' | 'Language' | 'currencyCode' | 'currencycode'>>
  | undefined;

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

// Undefined when sent at once; else (compressing) a promise of the reply, which an async handler returns.
function sendReady(
  store: CatalogueStore,
  request: FastifyRequest,
  reply: FastifyReply,
  entry: ReadyResponse,
): undefined | Promise<FastifyReply> {
  const answer = readyAnswer(store, entry, request.headers['if-none-match'], request.headers['accept-encoding']);
  if (answer.status === 304) {
    reply.headers(answer.headers).code(304).send();
    return;
  }
  const { headers, bytes } = answer;
  if (Buffer.isBuffer(bytes)) {
    reply.headers(headers).send(bytes);
    return;
  }
  return bytes.then((ready) => reply.headers(headers).send(ready));
}

// the URLs remembered at most (each one an entry's, or one that was): beyond, the map starts again
const MAX_ROUTES_BY_URL = 50_000;

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
// The front door (front-reads.ts) answers the same hits before Fastify: each URL Fastify matched to a cached route
// and answered from an entry is remembered with that route (`hot.routesByUrl`).
function registerCached<R extends RouteDescriptor>(
  app: FastifyInstance,
  { store, log, routesByUrl }: Hot,
  route: R,
  options: {
    showNet: boolean;
    stockOf?: (input: HandlerInput<R>, snapshot: () => Promise<CatalogueSnapshot>) => number[] | Promise<number[]>;
    compute: Compute<R>;
  },
) {
  const cachedRoute: CachedRoute = { descriptor: route, path: toFastifyPath(route.path), showNet: options.showNet };
  const learn = (url: string) => {
    if (route.method !== 'GET' || routesByUrl.get(url) === cachedRoute) return;
    if (routesByUrl.size >= MAX_ROUTES_BY_URL) routesByUrl.clear();
    routesByUrl.set(url, cachedRoute);
  };
  const full = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    await checkAccess(app, route, request);
    const input: HandlerInput<R> = { ...parseInput(route, request), ctx: serviceContext(app, request), request, reply };
    const now = new Date();
    const showNet = options.showNet && seesNetRates(input.ctx.actor);
    const versions = await store.versions();
    // ByOffer names its offer itself: only ByTour needs the snapshot to list its offers
    const stockOffers = options.stockOf ? await options.stockOf(input, store.snapshot) : null;
    const entry = await store.cached(
      keyOf(request.url, request.site.id, showNet),
      tagOf(versions, stockOffers, now.getTime()),
      stockOffers,
      async () => {
        const view = viewFor(input.ctx.site, input.query as LocaleInput, showNet, now);
        const result = await options.compute(input, view, await store.snapshot(), now);
        if (result instanceof JsonText) return result.text;
        return JSON.stringify(route.response ? route.response.parse(result) : result);
      },
    );
    learn(request.url);
    // the reply itself (a thenable): Fastify waits for the answer to be sent
    return sendReady(store, request, reply, entry) ?? reply;
  };
  app.route({
    method: route.method,
    url: cachedRoute.path,
    childLoggerFactory: log.childLogger,
    handler: (request, reply) => {
      // refused, not yet authenticated, versions to re-read, no current entry: the full way (401/403 as every route)
      const entry = currentEntry(store, cachedRoute, request.url, request.site.id, request.actor);
      if (!entry) return full(request, reply);
      store.hit();
      learn(request.url);
      return sendReady(store, request, reply, entry);
    },
  });
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
    const sessions = sessionCache(parent, intFromEnv('CATALOGUE_SESSION_RECHECK_MS', isTest ? 300 : 2000));
    const hot: Hot = {
      store,
      log: hotRouteLog(intFromEnv('HOT_ROUTE_LOG_SAMPLE', 100), parent.log),
      routesByUrl: new Map(),
    };
    // the routes live in their own context so the session hook touches no other route
    await parent.register(async (app) => {
      app.addHook('onRequest', sessions.hook);
      registerCatalogueRoutes(app, hot);
    });
    // in maintenance mode every API call is answered 503 (maintenance.ts): nothing is answered before Fastify
    if (!parent.deps.config.maintenanceMode) parent.frontDoor.use(catalogueFrontReader(parent, { ...hot, sessions }));
  },
  { name: 'catalogue' },
);

function registerCatalogueRoutes(app: FastifyInstance, hot: Hot) {
  const { store } = hot;
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
