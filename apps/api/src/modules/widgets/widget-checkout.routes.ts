import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BOOKING_MESSAGES, CreateBookingBody, WIDGET_SLUG_PATTERN, convertMinor } from '@portal/contract';
import { formatMoney, type DocumentIssuer } from '../documents/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { dubaiClock } from '../../lib/dubai-time.ts';
import { acceptFormPosts } from '../../lib/form-body.ts';
import { sendPdf } from '../../lib/pdf-reply.ts';
import { issuesToItems, serviceContext } from '../../lib/route.ts';
import { siteUrl } from '../../lib/site-url.ts';
import { isSaleToken, newSaleToken } from '../bookings/index.ts';
import { publishableKeyFor } from '../payments/index.ts';
import {
  checkChoice,
  moneyOf,
  openDays,
  optionOf,
  parseShopDate,
  pickUpHotels,
  shownDays,
  type Choice,
} from './widget-checkout.service.ts';
import {
  BAD_DATE_MESSAGE,
  renderCheckoutNotFound,
  renderCheckoutPage,
  renderSalePage,
  renderTicketPage,
  type GuestValues,
  type PageState,
} from './widget-checkout.page.ts';
import { shopProduct } from './widget-product.service.ts';
import { findShop, shopAsked, type ShopData } from './widget-shop.service.ts';
import { widgetImage } from './widgets.service.ts';

// Issue 13 item 3, SPEC §2 `/embedded` (embedded ticket) and `/embedded/checkout`: the customer's checkout of a widget
// shop. On the portal's hosts the shop is named by `?widget={slug}`; on a verified own domain the host names it.
// Registered in a scope of its own: the form-body parser serves these pages only (the API takes JSON).

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

type Query = Record<string, string | undefined>;
const int = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isInteger(n) && n >= 0 && n <= 99 ? n : fallback;
};

export type CheckoutHost = {
  // whether a host is one of the portal's sites (else it may be a widget's own domain)
  isPortalHost: (host: string) => boolean;
  baseUrlOf: (request: FastifyRequest) => string;
};

export async function widgetCheckoutRoutes(app: FastifyInstance, host: CheckoutHost): Promise<void> {
  acceptFormPosts(app);
  const sales = app.bookings.widgetSales;
  const hostOf = (request: FastifyRequest) => request.hostname.toLowerCase().replace(/\.$/, '');

  // the shop a request is for, and how its pages link to each other
  const resolve = async (
    request: FastifyRequest,
    fields: Query,
  ): Promise<{ shop: ShopData; state: PageState; origin: string } | null> => {
    const onPortal = host.isPortalHost(hostOf(request));
    const slug = (fields.widget ?? '').toLowerCase();
    if (onPortal && !WIDGET_SLUG_PATTERN.test(slug)) return null;
    const { language, currency } = shopAsked(fields);
    const portalBase = host.baseUrlOf(request);
    const shop = await findShop(
      app.deps,
      await app.catalogue.snapshot(),
      onPortal ? { slug } : { domain: hostOf(request) },
      portalBase,
      language,
      currency,
    );
    if (!shop) return null;
    const embedded = fields.embed === '1';
    const carried = {
      widget: onPortal ? shop.widget.slug : undefined,
      embed: embedded ? '1' : undefined,
      language,
      currency: shop.alsoIn ?? undefined,
    };
    const link = (path: string, params: Record<string, string | number | null | undefined> = {}) => {
      const query = new URLSearchParams();
      for (const [key, value] of Object.entries({ ...carried, ...params }))
        if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
      const search = query.toString();
      if (path === '')
        return onPortal ? `/w/${shop.widget.slug}${embedded ? '?embed=1' : ''}` : embedded ? '/?embed=1' : '/';
      return `${path}${search ? `?${search}` : ''}`;
    };
    // where the sale's page is linked from (its e-mail, the pay page's return): the site's configured address, never
    // the request's Host header; on an own domain, that verified domain
    const origin = onPortal ? siteUrl(request.site, app.deps.config) : `https://${hostOf(request)}`;
    return { shop, state: { data: shop, embedded, link }, origin };
  };

  const send = (reply: FastifyReply, portalOrigin: string, scripts: boolean | 'stripe', html: string, status = 200) =>
    reply
      .code(status)
      .removeHeader('x-frame-options')
      .header(
        'Content-Security-Policy',
        checkoutCsp(new URL(portalOrigin).origin, scripts === 'stripe' ? 'stripe' : scripts ? 'frame' : 'none'),
      )
      // a page with availability or a customer's booking is never stored
      .header('Cache-Control', 'private, no-store')
      .header('Referrer-Policy', 'no-referrer')
      .type('text/html; charset=utf-8')
      .send(html);
  const notFound = (reply: FastifyReply) => reply.code(404).type('text/plain; charset=utf-8').send('Not found');

  const choiceOf = (fields: Query, offerId: number): Choice => ({
    offerId,
    date: parseShopDate(fields.date ?? '') ?? '',
    time: fields.time ? fields.time : null,
    adults: int(fields.adults, 2),
    children: int(fields.children, 0),
    infants: int(fields.infants, 0),
  });

  // SPEC §2 /embedded: the option's days and times
  app.get<{ Querystring: Query }>('/embedded', async (request, reply) => {
    const found = await resolve(request, request.query);
    if (!found) return notFound(reply);
    const { shop, state } = found;
    const snapshot = await app.catalogue.snapshot();
    const option = optionOf(shop, snapshot, Number(request.query.offer));
    if (!option) return send(reply, found.origin, state.embedded, renderCheckoutNotFound(state), 404);
    const days = await openDays(app.deps.db, snapshot, option);
    // SPEC §9: the date field takes DD.MM.YYYY (and YYYY-MM-DD); a text that is no date changes nothing — the day
    // chosen before stays, with the message in the shop's language
    const typed = request.query.date?.trim() ?? '';
    const asked = typed ? parseShopDate(typed) : null;
    const before = parseShopDate(request.query.was ?? '');
    const isBadDate = typed !== '' && asked === null;
    const date = asked ?? (isBadDate && before ? before : (days[0]?.date ?? null));
    const errors: Record<string, string> = {};
    if (isBadDate) errors.date = BAD_DATE_MESSAGE;
    else if (asked && !days.some((d) => d.date === asked)) errors.date = BOOKING_MESSAGES.noTickets;
    const shown = shownDays(days);
    const chosenDay = days.find((d) => d.date === date);
    const list = chosenDay && !shown.includes(chosenDay) ? [...shown, chosenDay] : shown;
    const html = renderTicketPage(
      state,
      option,
      list,
      {
        date,
        errors,
        choice: choiceOf(request.query, option.offer.offerId),
        typed: isBadDate ? typed : undefined,
      },
      shopProduct(snapshot, shop, option),
    );
    return send(reply, found.origin, state.embedded, html);
  });

  const checkoutPage = async (
    found: NonNullable<Awaited<ReturnType<typeof resolve>>>,
    fields: Query,
    reply: FastifyReply,
    submitted: { values: Partial<GuestValues>; errors: Record<string, string>; token: string } | null,
  ) => {
    const { shop, state } = found;
    const snapshot = await app.catalogue.snapshot();
    const option = optionOf(shop, snapshot, Number(fields.offer));
    if (!option) return send(reply, found.origin, state.embedded, renderCheckoutNotFound(state), 404);
    const days = await openDays(app.deps.db, snapshot, option);
    const choice = choiceOf(fields, option.offer.offerId);
    const checked = checkChoice(option, days, choice, shop.widget.discountPercent);
    if (Object.keys(checked.errors).length > 0 || checked.totalMinor === null) {
      const html = renderTicketPage(
        state,
        option,
        shownDays(days),
        { date: choice.date || null, errors: checked.errors, choice },
        shopProduct(snapshot, shop, option),
      );
      return send(reply, found.origin, state.embedded, html, 422);
    }
    const hotels = await pickUpHotels(app.deps.db, option);
    // the post runs in a tab of its own (never in embed mode); the shop, language and currency go along
    const action = state.link('/embedded/checkout', { embed: undefined });
    const html = renderCheckoutPage(state, option, {
      choice,
      totalMinor: checked.totalMinor,
      total: moneyOf(shop, checked.totalMinor),
      approx: shop.alsoIn
        ? formatMoney(convertMinor(checked.totalMinor, shop.currency, shop.alsoIn), shop.alsoIn, shop.language)
        : null,
      hotels,
      token: submitted?.token ?? newSaleToken(),
      values: submitted?.values ?? {},
      errors: submitted?.errors ?? {},
      action,
    });
    return send(reply, found.origin, state.embedded, html, submitted ? 422 : 200);
  };

  // SPEC §2 /embedded/checkout: the guest's details for a chosen day, time and party
  app.get<{ Querystring: Query }>('/embedded/checkout', async (request, reply) => {
    const found = await resolve(request, request.query);
    if (!found) return notFound(reply);
    return checkoutPage(found, request.query, reply, null);
  });

  // the form's post: the sale is booked (seats held) and the customer sent to the pay page
  // each post may hold seats for 15 minutes without a login: one address starts only so many (WIDGET_HOLDS_PER_IP)
  const holds = { rateLimit: { max: app.deps.config.widgetHoldsPerIp, timeWindow: '10 minutes' } };
  app.post<{ Querystring: Query; Body: Query }>('/embedded/checkout', { config: holds }, async (request, reply) => {
    const fields: Query = {
      ...(typeof request.body === 'object' && request.body ? request.body : {}),
      ...request.query,
    };
    // the pay step runs in a tab of its own: never in embed mode
    delete fields.embed;
    const found = await resolve(request, fields);
    if (!found) return notFound(reply);
    const token = fields.token;
    if (!isSaleToken(token)) return notFound(reply);
    const values: Partial<GuestValues> = {
      name: fields.name ?? '',
      email: fields.email ?? '',
      confirmEmail: fields.confirmEmail ?? '',
      phone: fields.phone ?? '',
      hotel: fields.hotel ?? '',
      hotelId: fields.hotelId ?? '',
      room: fields.room ?? '',
      notes: fields.notes ?? '',
    };
    const snapshot = await app.catalogue.snapshot();
    const option = optionOf(found.shop, snapshot, Number(fields.offer));
    if (!option) return send(reply, found.origin, false, renderCheckoutNotFound(found.state), 404);
    const hotels = await pickUpHotels(app.deps.db, option);
    const hotel = option.catalogue.hasPickUp ? hotels.find((h) => String(h.id) === values.hotelId) : null;
    const choice = choiceOf(fields, option.offer.offerId);
    const parsed = CreateBookingBody.safeParse({
      offerId: option.offer.offerId,
      date: choice.date,
      time: choice.time,
      adults: choice.adults,
      children: choice.children,
      infants: choice.infants,
      guest: {
        name: values.name,
        email: values.email,
        confirmEmail: values.confirmEmail,
        phone: values.phone,
        hotel: hotel ? hotel.name : values.hotel,
        hotelId: hotel ? hotel.id : null,
        room: values.room,
      },
      notes: values.notes,
    });
    const again = (errors: Record<string, string>) => checkoutPage(found, fields, reply, { values, errors, token });
    if (!parsed.success)
      return again(
        Object.fromEntries(issuesToItems(parsed.error.issues, 'form').map((i) => [i.fieldName, i.errorMessage])),
      );
    const ctx = serviceContext(app, request);
    const shop = found.shop;
    let sale;
    try {
      sale = await sales.create(ctx, {
        widget: {
          id: shop.widget.id,
          agencyId: shop.widget.agencyId,
          currency: shop.widget.currency,
          discountPercent: shop.widget.discountPercent,
        },
        prices: option.prices,
        language: shop.language,
        token,
        // the sale's page in the shop's language and currency (and, on the portal, naming the shop)
        customerUrl: `${found.origin}${found.state.link(`/embedded/booking/${token}`, { embed: undefined })}`,
        body: parsed.data,
      });
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      const items = error.items.length > 0 ? error.items : [{ fieldName: 'form', errorMessage: error.message }];
      return again(Object.fromEntries(items.map((i) => [i.fieldName, i.errorMessage])));
    }
    const started = await sales.find(ctx, token, shop.widget.id);
    const payUrl = started?.state === 'waiting' ? started.payment?.redirectUrl : null;
    return reply
      .header('Cache-Control', 'no-store')
      .redirect(payUrl ?? sale.customerUrl ?? found.state.link(`/embedded/booking/${token}`), 303);
  });

  // the sale's own page: the customer's confirmation, voucher and tickets
  app.get<{ Params: { token: string }; Querystring: Query }>('/embedded/booking/:token', async (request, reply) => {
    const found = await resolve(request, request.query);
    if (!found || !isSaleToken(request.params.token)) return notFound(reply);
    const ctx = serviceContext(app, request);
    const refreshed = await sales.refresh(ctx, request.params.token, found.shop.widget.id);
    if (!refreshed) return notFound(reply);
    const { sale, payment, state } = refreshed;
    const language = found.shop.language;
    const paidMinor = sale.saleTotalMinor ?? 0;
    const currency = sale.saleCurrency ?? found.shop.currency;
    const conversion = /^AW-(\d+)\/([A-Za-z0-9_-]+)$/.exec(found.shop.widget.googleConversionActionId);
    const token = request.params.token;
    const publishableKey = payment ? publishableKeyFor(payment, app.deps.config) : null;
    // after Stripe accepted the card the page waits for the server's word rather than showing the form again
    const confirming = request.query.confirming === '1';
    const card =
      state === 'waiting' && !confirming && payment?.clientSecret && publishableKey
        ? { publishableKey, clientSecret: payment.clientSecret }
        : null;
    const html = renderSalePage(
      found.state,
      {
        reference: sale.reference,
        state,
        tour: sale.tourTitle[language] || sale.tourTitle.en,
        offer: sale.offerName[language] || sale.offerName.en,
        date: sale.date,
        time: sale.startTime,
        adults: sale.adults,
        children: sale.children,
        infants: sale.infants,
        guestEmail: sale.guestEmail,
        pickUp: sale.pickUpTime ? { time: sale.pickUpTime, hotel: sale.hotel } : null,
        // in the currency charged (the widget's may have changed since)
        paid: formatMoney(paidMinor, currency, language),
        paidMinor,
        currency,
        refund: sale.refundMinor ? formatMoney(sale.refundMinor, currency, language) : null,
        holdUntil: sale.holdExpiresAt ? dubaiClock(sale.holdExpiresAt) : null,
        payUrl: payment?.redirectUrl ?? null,
        card,
        offerId: sale.offerId,
        conversion:
          state === 'confirmed' && conversion ? { id: conversion[1] ?? '', label: conversion[2] ?? '' } : null,
      },
      {
        retry: found.state.link(`/embedded/booking/${token}/pay`, { embed: undefined }),
        document: (kind) => found.state.link(`/embedded/booking/${token}/${kind}`, { embed: undefined }),
      },
    );
    return send(reply, found.origin, card ? 'stripe' : found.state.embedded, html);
  });

  // another card while the seats are held
  app.post<{ Params: { token: string }; Querystring: Query }>(
    '/embedded/booking/:token/pay',
    { config: holds },
    async (request, reply) => {
      const found = await resolve(request, request.query);
      if (!found || !isSaleToken(request.params.token)) return notFound(reply);
      const ctx = serviceContext(app, request);
      const token = request.params.token;
      const page = found.state.link(`/embedded/booking/${token}`);
      try {
        await sales.retry(ctx, token, found.shop.widget.id);
      } catch (error) {
        if (!(error instanceof AppError) || error.status >= 500) throw error;
        if (error.status === 404) return notFound(reply);
        // the sale's page says why (paid meanwhile, the hold ran out)
        return reply.header('Cache-Control', 'no-store').redirect(page, 303);
      }
      const started = await sales.find(ctx, token, found.shop.widget.id);
      const payUrl = started?.state === 'waiting' ? started.payment?.redirectUrl : null;
      return reply.header('Cache-Control', 'no-store').redirect(payUrl ?? page, 303);
    },
  );

  // the voucher and tickets, under the shop's name, logo and contacts
  app.get<{ Params: { token: string; kind: string }; Querystring: Query }>(
    '/embedded/booking/:token/:kind',
    async (request, reply) => {
      const { token, kind } = request.params;
      if (kind !== 'voucher' && kind !== 'tickets') return notFound(reply);
      const found = await resolve(request, request.query);
      if (!found || !isSaleToken(token)) return notFound(reply);
      const ctx = serviceContext(app, request);
      const w = found.shop.widget;
      const logo = w.logoImageId ? await widgetImage(ctx, w.logoImageId) : null;
      const brand: DocumentIssuer = {
        legalName: w.name,
        address: w.contacts.address,
        vatRegistrationNumber: '',
        tradeLicenceNumber: '',
        phone: w.contacts.phone,
        email: w.contacts.email,
        logo: logo && /^image\/(png|jpeg)$/.test(logo.mime) ? logo.data : null,
      };
      const document = await sales.document(ctx, token, w.id, kind, brand);
      if (!document) return notFound(reply);
      return sendPdf(reply, document.fileName, document.pdf);
    },
  );
}
