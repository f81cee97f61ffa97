import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { WIDGET_SLUG_PATTERN, widgetPublicRoutes } from '@portal/contract';
import { registerRoute } from '../../lib/route.ts';
import { renderShop } from './widget-shop.page.ts';
import { findShop, isShopDomain, widgetTourByUrl, type ShopData } from './widget-shop.service.ts';

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
    const portalHosts = new Set(sites.all.flatMap((site) => site.hosts.map((h) => h.toLowerCase())));
    const baseUrlOf = (request: FastifyRequest) =>
      (config.publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/$/, '');

    const send = (reply: FastifyReply, shop: ShopData) =>
      reply
        .removeHeader('x-frame-options')
        .header('Content-Security-Policy', SHOP_CSP)
        .header('Cache-Control', 'public, max-age=60')
        .type('text/html; charset=utf-8')
        .send(renderShop(shop));

    registerRoute(app, widgetPublicRoutes.tourByUrl, async ({ ctx, params, query }) =>
      widgetTourByUrl(ctx, await app.catalogue.snapshot(), params.url, query),
    );

    app.get<{ Params: { slug: string } }>('/w/:slug', async (request, reply) => {
      const slug = request.params.slug.toLowerCase();
      const shop = WIDGET_SLUG_PATTERN.test(slug)
        ? await findShop(app.deps, await app.catalogue.snapshot(), { slug }, baseUrlOf(request))
        : null;
      if (!shop) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      return send(reply, shop);
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
    app.addHook('onRequest', async (request, reply) => {
      const host = request.hostname.toLowerCase().replace(/\.$/, '');
      if (portalHosts.has(host) || !host.includes('.') || /^[\d.]+$/.test(host) || host.startsWith('[')) return;
      if (!(await isShopHost(host))) return;
      if (request.url.startsWith('/api/')) return;
      const isRoot = request.url === '/' || request.url.startsWith('/?');
      const shop =
        isRoot && request.method === 'GET'
          ? await findShop(app.deps, await app.catalogue.snapshot(), { domain: host }, baseUrlOf(request))
          : null;
      if (shop) return send(reply, shop);
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    });
  },
  { name: 'widget-shop', dependencies: ['catalogue'] },
);
