import {
  BOOKING_MESSAGES,
  CreateBookingBody,
  WIDGET_CHECKOUT_MESSAGES,
  WIDGET_SLUG_PATTERN,
  convertMinor,
  parseShopDate,
  type WidgetChoiceForm,
  type WidgetGuestForm,
  type WidgetShopQuery,
  type WidgetTicketQuery,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError } from '../../lib/app-error.ts';
import { dubaiClock } from '../../lib/dubai-time.ts';
import { issuesToItems } from '../../lib/route.ts';
import { newSaleToken } from '../bookings/index.ts';
import type { CatalogueSnapshot } from '../catalogue/index.ts';
import { formatMoney, type DocumentIssuer } from '../documents/index.ts';
import { publishableKeyFor } from '../payments/index.ts';
import {
  checkChoice,
  moneyOf,
  openDays,
  optionOf,
  pickUpHotels,
  shownDays,
  type Choice,
} from './widget-checkout-choice.ts';
import { renderCheckoutNotFound, renderCheckoutPage, type PageState } from './widget-checkout.page.tsx';
import { shopProduct } from './widget-product.service.ts';
import { renderSalePage } from './widget-sale.page.tsx';
import { findShop, type ShopData } from './widget-shop.service.ts';
import { renderTicketPage } from './widget-ticket.page.tsx';
import { widgetImage } from './widgets.service.ts';

// Issue 13 item 3, SPEC §2 `/embedded` (embedded ticket) and `/embedded/checkout`: the customer's checkout of a widget
// shop — which page a request gets and what it shows. The forms arrive read by the contract's schemas
// (widget-checkout-form.ts); booking, paying and the sale's state are the bookings module's (`app.bookings.widgetSales`).

type WidgetSales = FastifyInstance['bookings']['widgetSales'];
export type CheckoutDeps = { sales: WidgetSales; snapshot: () => Promise<CatalogueSnapshot> };

// What the routes answer: a page (with the scripts its policy allows), a redirect, a PDF, or nothing found
export type CheckoutAnswer =
  | { kind: 'page'; status: number; html: string; scripts: 'none' | 'frame' | 'stripe' }
  | { kind: 'redirect'; to: string }
  | { kind: 'pdf'; fileName: string; pdf: Buffer }
  | { kind: 'notFound' };

// `snapshot`: the catalogue the shop was read from, which the request's pages read too
export type CheckoutShop = { shop: ShopData; state: PageState; origin: string; snapshot: CatalogueSnapshot };

// Where a request came: a host of the portal's (the shop named by `?widget=`) or a widget's own domain
export type RequestHost = {
  onPortal: boolean;
  domain: string;
  // the portal site's configured address (never the request's Host header)
  portalBase: string;
  // where the sale's page is linked from (its e-mail, the pay page's return)
  origin: string;
};

type Form<T> = { values: T; errors: Record<string, string> };
const NOT_FOUND: CheckoutAnswer = { kind: 'notFound' };

// The shop a request is for, and how its pages link to each other
export async function checkoutShop(
  ctx: ServiceContext,
  deps: CheckoutDeps,
  at: RequestHost,
  asked: WidgetShopQuery,
): Promise<CheckoutShop | null> {
  if (at.onPortal && !WIDGET_SLUG_PATTERN.test(asked.widget)) return null;
  const { language, currency, embed: embedded } = asked;
  const snapshot = await deps.snapshot();
  const shop = await findShop(
    ctx,
    snapshot,
    at.onPortal ? { slug: asked.widget } : { domain: at.domain },
    at.portalBase,
    language,
    currency,
  );
  if (!shop) return null;
  const carried = {
    widget: at.onPortal ? shop.widget.slug : undefined,
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
      return at.onPortal ? `/w/${shop.widget.slug}${embedded ? '?embed=1' : ''}` : embedded ? '/?embed=1' : '/';
    return `${path}${search ? `?${search}` : ''}`;
  };
  return { shop, state: { data: shop, embedded, link }, origin: at.origin, snapshot };
}

const page = (found: CheckoutShop, html: string, status = 200, stripe = false): CheckoutAnswer => ({
  kind: 'page',
  status,
  html,
  scripts: stripe ? 'stripe' : found.state.embedded ? 'frame' : 'none',
});
const notFoundPage = (found: CheckoutShop) => page(found, renderCheckoutNotFound(found.state), 404);

// SPEC §2 /embedded: the shop's tour page with the option's days and times
export async function ticketPage(
  ctx: ServiceContext,
  found: CheckoutShop,
  query: Form<WidgetTicketQuery>,
): Promise<CheckoutAnswer> {
  const { shop, state, snapshot } = found;
  const option = optionOf(shop, snapshot, query.values.offer);
  if (!option) return notFoundPage(found);
  const days = await openDays(ctx.db, snapshot, option);
  // SPEC §9: the date field takes DD.MM.YYYY (and YYYY-MM-DD); a text that is no date changes nothing — the day
  // chosen before stays, with the message in the shop's language. The party and time only fill the form in.
  const typed = query.values.date;
  const asked = typed ? parseShopDate(typed) : null;
  const isBadDate = 'date' in query.errors || (typed !== '' && asked === null);
  const before = query.values.was || null;
  const date = asked ?? (isBadDate && before ? before : (days[0]?.date ?? null));
  const errors: Record<string, string> = {};
  if (isBadDate) errors.date = WIDGET_CHECKOUT_MESSAGES.badDate;
  else if (asked && !days.some((d) => d.date === asked)) errors.date = BOOKING_MESSAGES.noTickets;
  const shown = shownDays(days);
  const chosenDay = days.find((d) => d.date === date);
  const list = chosenDay && !shown.includes(chosenDay) ? [...shown, chosenDay] : shown;
  const html = renderTicketPage(
    state,
    option,
    list,
    { date, errors, choice: choiceOf(query.values, option.offer.offerId), typed: isBadDate ? typed : undefined },
    shopProduct(snapshot, shop, option),
  );
  return page(found, html);
}

const choiceOf = (values: WidgetChoiceForm, offerId: number): Choice => ({
  offerId,
  date: values.date,
  time: values.time,
  adults: values.adults,
  children: values.children,
  infants: values.infants,
});

// SPEC §2 /embedded/checkout: the guest's details for a chosen day, time and party; a choice that cannot be booked is
// the ticket page again with its messages
export async function checkoutPage(
  ctx: ServiceContext,
  found: CheckoutShop,
  form: Form<WidgetChoiceForm>,
  submitted: { values: Partial<WidgetGuestForm>; errors: Record<string, string>; token: string } | null = null,
): Promise<CheckoutAnswer> {
  const { shop, state, snapshot } = found;
  const option = optionOf(shop, snapshot, form.values.offer);
  if (!option) return notFoundPage(found);
  const days = await openDays(ctx.db, snapshot, option);
  const choice = choiceOf(form.values, option.offer.offerId);
  const checked = checkChoice(option, days, choice, shop.widget.discountPercent);
  // a field that was no answer says so, before what its default would have found
  const errors = { ...checked.errors, ...form.errors };
  if (Object.keys(errors).length > 0 || checked.totalMinor === null) {
    const html = renderTicketPage(
      state,
      option,
      shownDays(days),
      { date: choice.date || null, errors, choice },
      shopProduct(snapshot, shop, option),
    );
    return page(found, html, 422);
  }
  const hotels = await pickUpHotels(ctx.db, option);
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
  return page(found, html, submitted ? 422 : 200);
}

// the guest's fields are `guest.*` on the page (as CreateBookingBody names them); the notes are the booking's own
const guestField = (name: string) => (name === 'notes' ? name : `guest.${name}`);

// The form's post: the sale is booked (seats held) and the customer sent to the pay page; a field that is no answer,
// or details the booking refuses, are the form again with the messages and nothing booked
export async function submitCheckout(
  ctx: ServiceContext,
  deps: CheckoutDeps,
  found: CheckoutShop,
  token: string,
  choice: Form<WidgetChoiceForm>,
  guest: Form<WidgetGuestForm>,
): Promise<CheckoutAnswer> {
  const { shop, snapshot } = found;
  const option = optionOf(shop, snapshot, choice.values.offer);
  if (!option) return notFoundPage(found);
  const hotels = await pickUpHotels(ctx.db, option);
  const values = guest.values;
  const hotel = option.catalogue.hasPickUp ? hotels.find((h) => String(h.id) === values.hotelId) : null;
  const parsed = CreateBookingBody.safeParse({
    offerId: option.offer.offerId,
    date: choice.values.date,
    time: choice.values.time,
    adults: choice.values.adults,
    children: choice.values.children,
    infants: choice.values.infants,
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
  const again = (errors: Record<string, string>) => checkoutPage(ctx, found, choice, { values, errors, token });
  const errors = {
    ...(parsed.success
      ? {}
      : Object.fromEntries(issuesToItems(parsed.error.issues, 'form').map((i) => [i.fieldName, i.errorMessage]))),
    ...Object.fromEntries(Object.entries(guest.errors).map(([name, message]) => [guestField(name), message])),
    ...choice.errors,
  };
  if (!parsed.success || Object.keys(errors).length > 0) return again(errors);
  let sale;
  try {
    sale = await deps.sales.create(ctx, {
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
  const started = await deps.sales.find(ctx, token, shop.widget.id);
  const payUrl = started?.state === 'waiting' ? started.payment?.redirectUrl : null;
  return { kind: 'redirect', to: payUrl ?? sale.customerUrl ?? found.state.link(`/embedded/booking/${token}`) };
}

// The sale's own page: the customer's confirmation, voucher and tickets; `confirming` after Stripe accepted the card,
// when the page waits for the server's word rather than showing the form again
export async function salePage(
  ctx: ServiceContext,
  deps: CheckoutDeps,
  found: CheckoutShop,
  token: string,
  confirming: boolean,
): Promise<CheckoutAnswer> {
  const refreshed = await deps.sales.refresh(ctx, token, found.shop.widget.id);
  if (!refreshed) return NOT_FOUND;
  const { sale, payment, state } = refreshed;
  const language = found.shop.language;
  const paidMinor = sale.saleTotalMinor ?? 0;
  const currency = sale.saleCurrency ?? found.shop.currency;
  const conversion = /^AW-(\d+)\/([A-Za-z0-9_-]+)$/.exec(found.shop.widget.googleConversionActionId);
  const publishableKey = payment ? publishableKeyFor(payment, ctx.config) : null;
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
      conversion: state === 'confirmed' && conversion ? { id: conversion[1] ?? '', label: conversion[2] ?? '' } : null,
    },
    {
      retry: found.state.link(`/embedded/booking/${token}/pay`, { embed: undefined }),
      document: (kind) => found.state.link(`/embedded/booking/${token}/${kind}`, { embed: undefined }),
    },
  );
  return page(found, html, 200, card !== null);
}

// Another card while the seats are held; the sale's page says why when there is none (paid meanwhile, the hold ran out)
export async function retryPayment(
  ctx: ServiceContext,
  deps: CheckoutDeps,
  found: CheckoutShop,
  token: string,
): Promise<CheckoutAnswer> {
  const salePath = found.state.link(`/embedded/booking/${token}`);
  try {
    await deps.sales.retry(ctx, token, found.shop.widget.id);
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    return error.status === 404 ? NOT_FOUND : { kind: 'redirect', to: salePath };
  }
  const started = await deps.sales.find(ctx, token, found.shop.widget.id);
  const payUrl = started?.state === 'waiting' ? started.payment?.redirectUrl : null;
  return { kind: 'redirect', to: payUrl ?? salePath };
}

// The voucher and tickets, under the shop's name, logo and contacts
export async function saleDocument(
  ctx: ServiceContext,
  deps: CheckoutDeps,
  found: CheckoutShop,
  token: string,
  kind: 'voucher' | 'tickets',
): Promise<CheckoutAnswer> {
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
  const document = await deps.sales.document(ctx, token, w.id, kind, brand);
  return document ? { kind: 'pdf', fileName: document.fileName, pdf: document.pdf } : NOT_FOUND;
}
