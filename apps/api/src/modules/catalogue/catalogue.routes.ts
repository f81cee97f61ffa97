import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { CatalogueLocaleQuery, RouteDescriptor } from '@portal/contract';
import { catalogueRoutes as routes, currencyForLanguage } from '@portal/contract';
import type { Site } from '../../config/sites.ts';
import type { Actor } from '../../lib/context.ts';
import { dubaiDate } from '../../lib/dubai-time.ts';
import { registerRoute, type HandlerInput } from '../../lib/route.ts';
import { alternatives, tourSlotsOfYear } from './alternatives.service.ts';
import { availabilityByOffer, availabilityByTour } from './availability.service.ts';
import { createCatalogueStore, matchesEtag, type CachedBody, type CatalogueStore } from './catalogue.cache.ts';
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

function acceptedEncoding(cached: CachedBody, header: string | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  if (cached.br && /\bbr\b/.test(header)) return 'br';
  if (cached.gzip && /\bgzip\b/.test(header)) return 'gzip';
  return null;
}

function sendCached(request: FastifyRequest, reply: FastifyReply, cached: CachedBody): FastifyReply {
  reply
    .header('ETag', cached.etag)
    .header('Cache-Control', 'private, no-cache')
    .header('Vary', 'Accept-Encoding, Authorization');
  if (matchesEtag(request.headers['if-none-match'], cached.etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  const encoding = acceptedEncoding(cached, request.headers['accept-encoding']);
  if (encoding === 'br' && cached.br) return reply.header('Content-Encoding', 'br').send(cached.br);
  if (encoding === 'gzip' && cached.gzip) return reply.header('Content-Encoding', 'gzip').send(cached.gzip);
  return reply.send(cached.body);
}

type HandlerResult<R extends RouteDescriptor> = Awaited<ReturnType<Parameters<typeof registerRoute<R>>[2]>>;
type Compute<R extends RouteDescriptor> = (
  input: HandlerInput<R>,
  view: View,
  snapshot: CatalogueSnapshot,
  now: Date,
) => unknown;

// A read served from the version-tagged cache with an ETag (304 on If-None-Match). `stockOf`: the offers whose slots
// the response shows; it is also tagged with their stock stamps and with the minute (cut-offs).
function registerCached<R extends RouteDescriptor>(
  app: FastifyInstance,
  store: CatalogueStore,
  route: R,
  options: {
    showNet: boolean;
    stockOf?: (input: HandlerInput<R>, snapshot: () => Promise<CatalogueSnapshot>) => number[] | Promise<number[]>;
    compute: Compute<R>;
  },
) {
  registerRoute(app, route, async (input) => {
    const now = new Date();
    const view = viewFor(
      input.ctx.site,
      input.query as LocaleInput,
      options.showNet && seesNetRates(input.ctx.actor),
      now,
    );
    const versions = await store.versions();
    // ByOffer names its offer itself: only ByTour needs the snapshot to list its offers
    const stockOffers = options.stockOf ? await options.stockOf(input, store.snapshot) : null;
    const tag = stockOffers
      ? `c${versions.catalogue}|s${stockOffers.map(versions.stockOf).join('.')}|${Math.floor(now.getTime() / 60_000)}`
      : `c${versions.catalogue}|${view.today}`;
    // the raw URL names the route, its parameters and query; the view adds what the site and login decide
    const key = `${input.request.url}|${view.language}|${view.currency}|${view.showNet ? 'net' : 'public'}`;
    const cached = await store.cached(key, tag, async () => {
      const result = await options.compute(input, view, await store.snapshot(), now);
      return JSON.stringify(route.response ? route.response.parse(result) : result);
    });
    return sendCached(input.request, input.reply, cached) as unknown as HandlerResult<R>;
  });
}

// Net rates are for approved agencies (and the tours company): an agency waiting for approval browses the catalogue
// at recommended prices, and its pages say why (issue "back office": the rule for agencies not yet approved)
function seesNetRates(actor: Actor | null): boolean {
  return actor !== null && (actor.role === 'operator' || actor.agencyStatus === 'approved');
}

function msFromEnv(name: string, fallback: number): number {
  const value = process.env[name];
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : fallback;
}

export const catalogueRoutesPlugin = fp(
  async (parent) => {
    const isTest = parent.deps.config.nodeEnv === 'test';
    const store = createCatalogueStore(parent.deps.db, {
      pollMs: msFromEnv('CATALOGUE_VERSION_POLL_MS', isTest ? 0 : 250),
    });
    parent.decorate('catalogue', store);
    // the routes live in their own context so the session hook touches no other route
    await parent.register(async (app) => {
      app.addHook('onRequest', sessionCacheHook(app, msFromEnv('CATALOGUE_SESSION_RECHECK_MS', isTest ? 300 : 2000)));
      registerCatalogueRoutes(app, store);
    });
  },
  { name: 'catalogue' },
);

function registerCatalogueRoutes(app: FastifyInstance, store: CatalogueStore) {
  const sendImage = createImageService(app.deps.db, store, app.deps.config.dataDir, app.deps.storage);
  const videos = createVideoLibrary();
  const pub = { showNet: false };
  const net = { showNet: true };

  registerCached(app, store, routes.homepage, {
    ...pub,
    compute: (_, view, snapshot) => service.homepage(snapshot, view),
  });
  registerCached(app, store, routes.countryPage, {
    ...pub,
    compute: ({ params }, view, snapshot) => service.countryPage(snapshot, params.url, view),
  });
  registerCached(app, store, routes.cityPage, {
    ...pub,
    compute: ({ params }, view, snapshot) => service.cityPage(snapshot, params.a, params.b, view),
  });
  registerCached(app, store, routes.categoryPage, {
    ...pub,
    compute: ({ params }, view, snapshot) => service.categoryPage(snapshot, params.category, view),
  });

  registerCached(app, store, routes.tours, {
    ...net,
    compute: (_, view, snapshot) => service.tourList(snapshot, view),
  });
  registerCached(app, store, routes.promoTours, {
    ...net,
    compute: (_, view, snapshot) => service.promoTours(snapshot, view),
  });
  registerCached(app, store, routes.tour, {
    ...net,
    compute: ({ params }, view, snapshot) => service.tour(snapshot, params.id, view, videos.describe),
  });
  registerCached(app, store, routes.ticketsForOffer, {
    ...net,
    compute: ({ params }, view, snapshot) => service.ticketsForOffer(snapshot, params.id, view),
  });
  registerCached(app, store, routes.publicTicketsForOffer, {
    ...pub,
    compute: ({ params }, view, snapshot) => service.ticketsForOffer(snapshot, params.id, view),
  });
  registerCached(app, store, routes.ticketsForTour, {
    ...net,
    compute: ({ params }, view, snapshot) => service.ticketsForTour(snapshot, params.id, view),
  });
  registerCached(app, store, routes.offersPrices, {
    ...net,
    compute: ({ query }, view, snapshot) => service.offersPrices(snapshot, query, view),
  });
  registerCached(app, store, routes.availabilityByOffer, {
    ...net,
    stockOf: ({ query }) => [query.id],
    compute: ({ query, ctx }, _view, snapshot, now) => availabilityByOffer(ctx.db, snapshot, query, now),
  });
  registerCached(app, store, routes.availabilityByTour, {
    ...net,
    stockOf: async ({ query }, snapshot) =>
      ((await snapshot()).offersByTour.get(query.id) ?? []).map((offer) => offer.id),
    compute: ({ query, ctx }, _view, snapshot, now) => availabilityByTour(ctx.db, snapshot, query, now),
  });

  // cached like ByTour; a miss works from the tour's slots of the year, kept per stock stamp (tourSlotsOfYear)
  registerCached(app, store, routes.alternatives, {
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
