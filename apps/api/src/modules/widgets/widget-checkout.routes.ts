import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  WIDGET_CHOICE_DEFAULTS,
  WIDGET_GUEST_DEFAULTS,
  WIDGET_TICKET_DEFAULTS,
  WidgetChoiceForm,
  WidgetGuestForm,
  WidgetShopQuery,
  WidgetTicketQuery,
  readPlainForm,
} from '@portal/contract';
import { acceptFormPosts } from '../../lib/form-body.ts';
import { sendPdf } from '../../lib/pdf-reply.ts';
import { serviceContext } from '../../lib/route.ts';
import { siteUrl } from '../../lib/site-url.ts';
import { isSaleToken } from '../bookings/index.ts';
import {
  checkoutPage,
  checkoutShop,
  retryPayment,
  saleDocument,
  salePage,
  submitCheckout,
  ticketPage,
  type CheckoutAnswer,
  type CheckoutDeps,
  type CheckoutShop,
} from './widget-checkout.service.ts';

// Issue 13 item 3, SPEC §2 `/embedded` (embedded ticket) and `/embedded/checkout`: the customer's checkout of a widget
// shop (widget-checkout.service.ts). On the portal's hosts the shop is named by `?widget={slug}`; on a verified own
// domain the host names it. Registered in a scope of its own: the form-body parser serves these pages only (the API
// takes JSON).

// The checkout's policy: the shop's, plus its own forms — posting here, and the redirect that follows to the
// provider's pay page (form-action covers redirects); an embedded page opens that in a new tab
// A Stripe card step adds Stripe.js: its script, its frames (the card fields, 3-D Secure) and its API.
export function checkoutCsp(portalOrigin: string, scripts: 'none' | 'frame' | 'stripe'): string {
  return [
    "default-src 'none'",
    "img-src 'self' https: data:",
    "style-src 'unsafe-inline'",
    "base-uri 'none'",
    `form-action 'self' ${portalOrigin} https:`,
    'frame-ancestors *',
    ...(scripts === 'frame' ? ["script-src 'self'"] : []),
    ...(scripts === 'stripe'
      ? [
          "script-src 'self' https://js.stripe.com",
          'frame-src https://js.stripe.com https://hooks.stripe.com',
          'connect-src https://api.stripe.com',
        ]
      : []),
  ].join('; ');
}

export type CheckoutHost = {
  // whether a host is one of the portal's sites (else it may be a widget's own domain)
  isPortalHost: (host: string) => boolean;
  baseUrlOf: (request: FastifyRequest) => string;
};

type Fields = Record<string, unknown>;

export async function widgetCheckoutRoutes(app: FastifyInstance, host: CheckoutHost): Promise<void> {
  acceptFormPosts(app);
  const deps: CheckoutDeps = { sales: app.bookings.widgetSales, snapshot: () => app.catalogue.snapshot() };
  const hostOf = (request: FastifyRequest) => request.hostname.toLowerCase().replace(/\.$/, '');

  // the shop a request is for; the sale's page is linked from the site's configured address, never the request's Host
  // header, and on an own domain from that verified domain
  const shopOf = (request: FastifyRequest, fields: Fields) => {
    const domain = hostOf(request);
    const onPortal = host.isPortalHost(domain);
    const origin = onPortal ? siteUrl(request.site, app.deps.config) : `https://${domain}`;
    const at = { onPortal, domain, portalBase: host.baseUrlOf(request), origin };
    return checkoutShop(serviceContext(app, request), deps, at, WidgetShopQuery.parse(fields));
  };

  const notFound = (reply: FastifyReply) => reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  const answer = (reply: FastifyReply, found: CheckoutShop, result: CheckoutAnswer) => {
    if (result.kind === 'notFound') return notFound(reply);
    if (result.kind === 'pdf') return sendPdf(reply, result.fileName, result.pdf);
    if (result.kind === 'redirect') return reply.header('Cache-Control', 'no-store').redirect(result.to, 303);
    return (
      reply
        .code(result.status)
        .removeHeader('x-frame-options')
        .header('Content-Security-Policy', checkoutCsp(new URL(found.origin).origin, result.scripts))
        // a page with availability or a customer's booking is never stored
        .header('Cache-Control', 'private, no-store')
        .header('Referrer-Policy', 'no-referrer')
        .type('text/html; charset=utf-8')
        .send(result.html)
    );
  };

  // SPEC §2 /embedded: the option's days and times
  app.get<{ Querystring: Fields }>('/embedded', async (request, reply) => {
    const found = await shopOf(request, request.query);
    if (!found) return notFound(reply);
    const query = readPlainForm(WidgetTicketQuery, request.query, WIDGET_TICKET_DEFAULTS);
    return answer(reply, found, await ticketPage(serviceContext(app, request), found, query));
  });

  // SPEC §2 /embedded/checkout: the guest's details for a chosen day, time and party
  app.get<{ Querystring: Fields }>('/embedded/checkout', async (request, reply) => {
    const found = await shopOf(request, request.query);
    if (!found) return notFound(reply);
    const choice = readPlainForm(WidgetChoiceForm, request.query, WIDGET_CHOICE_DEFAULTS);
    return answer(reply, found, await checkoutPage(serviceContext(app, request), found, choice));
  });

  // the form's post: the sale is booked (seats held) and the customer sent to the pay page
  // each post may hold seats for 15 minutes without a login: one address starts only so many (WIDGET_HOLDS_PER_IP)
  const holds = { rateLimit: { max: app.deps.config.widgetHoldsPerIp, timeWindow: '10 minutes' } };
  app.post<{ Querystring: Fields; Body: unknown }>('/embedded/checkout', { config: holds }, async (request, reply) => {
    const body = typeof request.body === 'object' && request.body ? request.body : {};
    // the pay step runs in a tab of its own: never in embed mode
    const fields: Fields = { ...body, ...request.query, embed: undefined };
    const found = await shopOf(request, fields);
    if (!found || !isSaleToken(fields.token)) return notFound(reply);
    const choice = readPlainForm(WidgetChoiceForm, fields, WIDGET_CHOICE_DEFAULTS);
    const guest = readPlainForm(WidgetGuestForm, fields, WIDGET_GUEST_DEFAULTS);
    const ctx = serviceContext(app, request);
    return answer(reply, found, await submitCheckout(ctx, deps, found, fields.token, choice, guest));
  });

  // the sale's own page: the customer's confirmation, voucher and tickets
  app.get<{ Params: { token: string }; Querystring: Fields }>('/embedded/booking/:token', async (request, reply) => {
    const found = await shopOf(request, request.query);
    if (!found || !isSaleToken(request.params.token)) return notFound(reply);
    const confirming = request.query.confirming === '1';
    const ctx = serviceContext(app, request);
    return answer(reply, found, await salePage(ctx, deps, found, request.params.token, confirming));
  });

  // another card while the seats are held
  app.post<{ Params: { token: string }; Querystring: Fields }>(
    '/embedded/booking/:token/pay',
    { config: holds },
    async (request, reply) => {
      const found = await shopOf(request, request.query);
      if (!found || !isSaleToken(request.params.token)) return notFound(reply);
      const ctx = serviceContext(app, request);
      return answer(reply, found, await retryPayment(ctx, deps, found, request.params.token));
    },
  );

  // the voucher and tickets, under the shop's name, logo and contacts
  app.get<{ Params: { token: string; kind: string }; Querystring: Fields }>(
    '/embedded/booking/:token/:kind',
    async (request, reply) => {
      const { token, kind } = request.params;
      if (kind !== 'voucher' && kind !== 'tickets') return notFound(reply);
      const found = await shopOf(request, request.query);
      if (!found || !isSaleToken(token)) return notFound(reply);
      return answer(reply, found, await saleDocument(serviceContext(app, request), deps, found, token, kind));
    },
  );
}
