import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { WIDGET_SLUG_PATTERN, WidgetShopQuery, widgetPublicRoutes } from '@portal/contract';
import type { Site } from '../../config/sites.ts';
import { registerRoute } from '../../lib/route.ts';
import { siteUrl } from '../../lib/site-url.ts';
import { EMBED_FRAME_PATH, renderEmbedFailure, renderShop } from './widget-shop.page.tsx';
import {
  FRAME_SOURCE,
  LOADER_SOURCE,
  STRIPE_PAY_PATH,
  STRIPE_PAY_SOURCE,
  compressScript,
  type CompressedScript,
} from './widget-embed.ts';
import { findShop, isShopDomain, widgetTourByUrl, type ShopData } from './widget-shop.service.ts';
import { widgetCheckoutRoutes } from './widget-checkout.routes.ts';

// The shop's own policy: its markup and inline style only, images from here or the agency's https hosts, a hero video
// over https, no script at all; any site may frame it (agencies embed their shop in their own pages)
const SHOP_CSP = [
  "default-src 'none'",
  "img-src 'self' https: data:",
  'media-src https:',
  "style-src 'unsafe-inline'",
  "base-uri 'none'",
  "form-action 'none'",
  'frame-ancestors *',
].join('; ');

// Issue 13 item 2: a widget's shop, server-rendered — at /w/{slug} on the portal's hosts, and at "/" on its own
// verified domain (a host that is none of the portal's sites)
export const widgetShopPlugin = fp(
  async (app: FastifyInstance) => {
    const { config, sites } = app.deps;
    // Issue 28 item 6: the hosts the portal serves — its sites' host names and configured addresses (PUBLIC_URL is the
    // general site's). A shop's absolute links are built from these, never from the request's Host header: a shared
    // cache would hand a forged host's links to every visitor. Any other host is a widget's own domain or nothing.
    const servedSites = new Map<string, Site>();
    const hostOfUrl = (url: string | undefined) => {
      try {
        return url ? new URL(url).hostname.toLowerCase() : null;
      } catch {
        return null;
      }
    };
    for (const site of sites.all) {
      for (const name of site.hosts) servedSites.set(name.toLowerCase(), site);
      const own = hostOfUrl(site.publicUrl);
      if (own && !servedSites.has(own)) servedSites.set(own, site);
    }
    const general = sites.all.find((site) => site.kind === 'general');
    const publicHost = hostOfUrl(config.publicUrl);
    if (general && publicHost && !servedSites.has(publicHost)) servedSites.set(publicHost, general);
    const hostOf = (request: FastifyRequest) => request.hostname.toLowerCase().replace(/\.$/, '');
    const servedSite = (request: FastifyRequest) => servedSites.get(hostOf(request)) ?? null;
    const baseUrlOf = (request: FastifyRequest) => siteUrl(servedSite(request) ?? request.site, config);

    const bookUrl = (shop: ShopData, embedded: boolean, onPortal: boolean) => (offerId: number) => {
      const query = new URLSearchParams({ offer: String(offerId) });
      if (onPortal) query.set('widget', shop.widget.slug);
      if (embedded) query.set('embed', '1');
      if (shop.language !== shop.widget.language) query.set('language', shop.language);
      if (shop.alsoIn) query.set('currency', shop.alsoIn);
      return `/embedded?${query}`;
    };
    const send = (reply: FastifyReply, shop: ShopData, embedded = false, onPortal = true) =>
      reply
        .removeHeader('x-frame-options')
        .header('Content-Security-Policy', embedded ? `${SHOP_CSP}; script-src 'self'` : SHOP_CSP)
        .header('Cache-Control', 'public, max-age=60')
        .type('text/html; charset=utf-8')
        .send(renderShop(shop, { embedded, bookUrl: bookUrl(shop, embedded, onPortal) }));

    registerRoute(app, widgetPublicRoutes.tourByUrl, async ({ ctx, params, query }) =>
      widgetTourByUrl(ctx, await app.catalogue.snapshot(), params.url, query),
    );

    // the embed code's two scripts, compressed once; any site may load the loader
    const scripts = {
      loader: compressScript(LOADER_SOURCE),
      frame: compressScript(FRAME_SOURCE),
      stripePay: compressScript(STRIPE_PAY_SOURCE),
    };
    const sendScript = (request: FastifyRequest, reply: FastifyReply, script: CompressedScript) => {
      const accepted = String(request.headers['accept-encoding'] ?? '');
      const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
      if (encoding) reply.header('Content-Encoding', encoding);
      return reply
        .header('Vary', 'Accept-Encoding')
        .header('Cache-Control', 'public, max-age=300')
        .header('Cross-Origin-Resource-Policy', 'cross-origin')
        .type('text/javascript; charset=utf-8')
        .send(encoding === 'br' ? script.br : encoding === 'gzip' ? script.gzip : script.raw);
    };
    app.get('/widget.js', (request, reply) => sendScript(request, reply, scripts.loader));
    app.get(EMBED_FRAME_PATH, (request, reply) => sendScript(request, reply, scripts.frame));
    app.get(STRIPE_PAY_PATH, (request, reply) => sendScript(request, reply, scripts.stripePay));

    // the customer's checkout, in a scope of its own (its form-body parser serves only these pages)
    await app.register(widgetCheckoutRoutes, { isPortalHost: (host: string) => servedSites.has(host), baseUrlOf });

    app.get<{ Params: { slug: string }; Querystring: unknown }>('/w/:slug', async (request, reply) => {
      const slug = request.params.slug.toLowerCase();
      // the embed code's frame, and the language and currency it asked for (anything else asks for nothing)
      const { embed: embedded, language, currency } = WidgetShopQuery.parse(request.query);
      // a host the portal does not serve has no shop at /w/ (a verified own domain has its shop at its root)
      const shop =
        WIDGET_SLUG_PATTERN.test(slug) && servedSite(request)
          ? await findShop(app.deps, await app.catalogue.snapshot(), { slug }, baseUrlOf(request), language, currency)
          : null;
      if (shop) return send(reply, shop, embedded);
      if (!embedded) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      // inside an agency's page: a page that tells the embed code, which shows its error and a retry
      return reply
        .code(404)
        .removeHeader('x-frame-options')
        .header('Content-Security-Policy', `${SHOP_CSP}; script-src 'self'`)
        .type('text/html; charset=utf-8')
        .send(renderEmbedFailure());
    });

    // An agency's own domain (a host none of the portal's sites has): the shop at its root, the API its images need,
    // and nothing else of the portal. Whether a host is a verified domain is remembered for a short while, so the
    // requests that follow a page (its images) do not each ask the database.
    const known = new Map<string, { isShop: boolean; until: number }>();
    const isShopHost = async (host: string) => {
      const cached = known.get(host);
      if (cached && cached.until > Date.now()) return cached.isShop;
      const isShop = await isShopDomain(app.deps, host);
      if (known.size > 10_000) known.clear();
      known.set(host, { isShop, until: Date.now() + 30_000 });
      return isShop;
    };
    const onOtherHost = async (request: FastifyRequest, reply: FastifyReply, host: string) => {
      if (!(await isShopHost(host))) return;
      // the API its images need, and the customer's checkout (widget-checkout.routes.ts)
      if (request.url.startsWith('/api/') || /^\/(embedded(\/|\?|$)|w\/(embed|stripe-pay)\.js)/.test(request.url))
        return;
      const isRoot = request.url === '/' || request.url.startsWith('/?');
      const shop =
        isRoot && request.method === 'GET'
          ? await findShop(app.deps, await app.catalogue.snapshot(), { domain: host }, baseUrlOf(request))
          : null;
      if (shop)
        return send(reply, shop, new URLSearchParams(request.url.split('?')[1] ?? '').get('embed') === '1', false);
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    };
    // a callback hook: the portal's own hosts (nearly every request) pass without a promise
    app.addHook('onRequest', (request, reply, done) => {
      const host = hostOf(request);
      if (servedSites.has(host) || !host.includes('.') || /^[\d.]+$/.test(host) || host.startsWith('[')) return done();
      onOtherHost(request, reply, host).then(
        () => done(),
        (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
      );
    });
  },
  { name: 'widget-shop', dependencies: ['catalogue', 'bookings'] },
);
