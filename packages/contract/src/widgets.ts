import { z } from 'zod';
import { CurrencyCode, Language } from './common.ts';
import { accessFor, defineRoute, PUBLIC } from './define-route.ts';
import {
  FIELD_MESSAGES,
  WIDGET_MESSAGES,
  WIDGET_MIN_MARGIN_PERCENT,
  readSaleBelowMinimumMessage,
  saleBelowMinimumMessage,
} from './messages.ts';
import { OptionalEmail, optionalPhone, RequiredText } from './validation.ts';
import { divideHalfUp, divideUp, isWholeCents } from './money.ts';

// SPEC §1 "create embeddable widgets", §2 /widgets and widgets/create, §3 Widget, §4 widget types and domain statuses,
// §5 widget rules, §8 widget messages, §9 minimum price. DESIGN: GET/POST /api/b2b/widgets,
// GET/PUT/DELETE /api/b2b/widgets/{id}, POST /api/b2b/widgets/{id}/duplicate.
// - Admins (roles.ts: manageWidgets) of an approved agency whose isWidgetsCreationAllowed is set; others get 403
//   with WIDGET_MESSAGES.notAllowed. Another agency's widget id, or a deleted one, is a 404.
// - Sale prices are in the widget's currency (major units, whole cents). Each must be at least NET + 5 % (SPEC §9)
//   *after* the widget's discount: the customer never pays less than NET × 1.05. NET is the highest NET of the
//   option's current and coming price periods, in the widget's currency (GET /b2b/widgets/offer-prices).
// - Delete is soft: bookings made through a widget will point at it, and its slug is never given to another shop.

export { WIDGET_MESSAGES, WIDGET_MIN_MARGIN_PERCENT, readSaleBelowMinimumMessage, saleBelowMinimumMessage };

// ---------------------------------------------------------------------------------------------------------------
// The price rule (one place, shared by the server and the editor)
// ---------------------------------------------------------------------------------------------------------------

// What the customer pays for a sale price after the discount, rounded half-up to the minor unit
export function discountedMinor(saleMinor: number, discountPercent: number): number {
  return divideHalfUp(saleMinor * (100 - discountPercent), 100);
}

// The least the customer may pay: NET + 5 %, rounded up to the minor unit (NET 144.00 → 151.20)
export function minimumPaidMinor(netMinor: number): number {
  return divideUp(netMinor * (100 + WIDGET_MIN_MARGIN_PERCENT), 100);
}

// The least sale price that still leaves the customer paying NET + 5 % after the discount; null when no sale price
// can (a 100 % discount on a paid option)
export function minimumSaleMinor(netMinor: number, discountPercent: number): number | null {
  const floor = minimumPaidMinor(netMinor);
  if (discountPercent >= 100) return floor === 0 ? 0 : null;
  let sale = divideUp(floor * 100, 100 - discountPercent);
  while (sale > 0 && discountedMinor(sale - 1, discountPercent) >= floor) sale -= 1;
  while (discountedMinor(sale, discountPercent) < floor) sale += 1;
  return sale;
}

export function isSaleAllowed(saleMinor: number, netMinor: number, discountPercent: number): boolean {
  return discountedMinor(saleMinor, discountPercent) >= minimumPaidMinor(netMinor);
}

// What a widget's customer pays for a booking (issue 13): each person or the trip at the sale price after the
// discount; infants go free. Null when a price the booking needs is not sold (a child on an adults-only price list).
export function saleTotalMinor(
  prices: { saleAdultMinor: number | null; saleChildMinor: number | null; saleTripMinor: number | null },
  discountPercent: number,
  people: { adults: number; children: number },
  pricingUnit: 'person' | 'trip',
): number | null {
  const paid = (sale: number | null) => (sale === null ? null : discountedMinor(sale, discountPercent));
  if (pricingUnit === 'trip') return paid(prices.saleTripMinor);
  const adult = people.adults > 0 ? paid(prices.saleAdultMinor) : 0;
  const child = people.children > 0 ? paid(prices.saleChildMinor) : 0;
  if (adult === null || child === null) return null;
  return people.adults * adult + people.children * child;
}

// ---------------------------------------------------------------------------------------------------------------
// Fields
// ---------------------------------------------------------------------------------------------------------------

export const WIDGET_TYPES = ['singleTour', 'multipleTours', 'offersOnly', 'embedded', 'multiTourEmbedded'] as const;
export const WidgetType = z.enum(WIDGET_TYPES, { error: FIELD_MESSAGES.widgetType });
export type WidgetType = z.infer<typeof WidgetType>;

export const WIDGET_DOMAIN_STATUSES = ['pendingVerification', 'verified', 'verificationFailed'] as const;
export const WidgetDomainStatus = z.enum(WIDGET_DOMAIN_STATUSES);
export type WidgetDomainStatus = z.infer<typeof WidgetDomainStatus>;

export const SOCIAL_NETWORKS = ['facebook', 'instagram', 'tiktok', 'youtube', 'x', 'linkedin', 'vk'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

const DOMAIN_PATTERN = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
export const WIDGET_SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{1,58})[a-z0-9]$/;

const Text = (max: number) => z.string().trim().max(max).default('');

function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.includes('.');
  } catch {
    return false;
  }
}
const OptionalUrl = z
  .string()
  .trim()
  .max(500)
  .refine((v) => v === '' || isHttpsUrl(v), WIDGET_MESSAGES.urlFormat)
  .default('');
const OptionalPhone = optionalPhone(WIDGET_MESSAGES.invalidPhone);
const Telegram = z
  .string()
  .trim()
  .max(100)
  .refine(
    (v) => v === '' || /^@?[A-Za-z0-9_]{5,32}$/.test(v) || /^https:\/\/t\.me\/[A-Za-z0-9_]{5,32}\/?$/.test(v),
    WIDGET_MESSAGES.telegram,
  )
  .default('');
const ImageId = z
  .string()
  .trim()
  .max(64)
  .nullable()
  .default(null)
  .transform((v) => v || null);
const SalePrice = z
  .number({ error: WIDGET_MESSAGES.priceRequired })
  .refine(isWholeCents, 'Enter an amount in whole cents, greater than zero')
  .nullable()
  .default(null);

export const WidgetContacts = z
  .object({
    address: Text(300),
    mapLink: OptionalUrl,
    email: OptionalEmail,
    telegram: Telegram,
    phone: OptionalPhone,
    whatsapp: OptionalPhone,
    viber: OptionalPhone,
  })
  .strict();
export type WidgetContacts = z.infer<typeof WidgetContacts>;

export const WidgetPartner = z.object({ name: RequiredText(100), url: OptionalUrl }).strict();
export type WidgetPartner = z.infer<typeof WidgetPartner>;

export const WidgetSocialLinks = z
  .object(Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, OptionalUrl])) as Record<SocialNetwork, typeof OptionalUrl>)
  .strict();
export type WidgetSocialLinks = z.infer<typeof WidgetSocialLinks>;

export const WidgetOfferInput = z
  .object({
    offerId: z.number({ error: WIDGET_MESSAGES.unknownOffer }).int().min(1).max(2_147_483_647),
    saleAdult: SalePrice,
    saleChild: SalePrice,
    saleTrip: SalePrice,
  })
  .strict();
export type WidgetOfferInput = z.input<typeof WidgetOfferInput>;

const EMPTY_CONTACTS = { address: '', mapLink: '', email: '', telegram: '', phone: '', whatsapp: '', viber: '' };
const EMPTY_SOCIAL = Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, ''])) as Record<SocialNetwork, string>;

// POST /b2b/widgets and PUT /b2b/widgets/{id}: the whole editor (the six tabs and the price table)
export const WidgetBody = z
  .object({
    // General
    name: RequiredText(100),
    type: WidgetType,
    currency: CurrencyCode,
    language: Language,
    domain: z
      .string()
      .trim()
      .toLowerCase()
      .max(253)
      .refine((v) => v === '' || DOMAIN_PATTERN.test(v), WIDGET_MESSAGES.domainFormat)
      .default(''),
    // '' on create: made from the name
    slug: z
      .string()
      .trim()
      .toLowerCase()
      .max(60)
      .refine((v) => v === '' || WIDGET_SLUG_PATTERN.test(v), WIDGET_MESSAGES.slugFormat)
      .default(''),
    offersSectionTitle: Text(120),
    footerText: Text(2000),
    googleConversionActionId: z
      .string()
      .trim()
      .max(100)
      .refine((v) => /^[A-Za-z0-9_/-]*$/.test(v), WIDGET_MESSAGES.conversionId)
      .default(''),
    // SEO
    metaTitle: Text(70),
    description: Text(300),
    noIndex: z.boolean().default(false),
    // Media
    heroVideoUrl: OptionalUrl,
    isHeroVideoDisabled: z.boolean().default(false),
    logoImageId: ImageId,
    footerLogoImageId: ImageId,
    heroImageId: ImageId,
    // Contacts, Partners, Social Media
    contacts: WidgetContacts.default(EMPTY_CONTACTS),
    partners: z.array(WidgetPartner).max(20, FIELD_MESSAGES.partnersMax).default([]),
    socialLinks: WidgetSocialLinks.default(EMPTY_SOCIAL),
    // the offer price table
    discountPercent: z
      .number({ error: WIDGET_MESSAGES.percentRange })
      .refine(Number.isInteger, WIDGET_MESSAGES.percentRange)
      .refine((v) => v >= 0, WIDGET_MESSAGES.percentRange)
      .refine((v) => v <= 100, WIDGET_MESSAGES.percentRange)
      .default(0),
    offers: z
      .array(WidgetOfferInput, { error: WIDGET_MESSAGES.atLeastOneOffer })
      .min(1, WIDGET_MESSAGES.atLeastOneOffer)
      .max(100, FIELD_MESSAGES.optionsMax),
  })
  .strict();
export type WidgetBody = z.input<typeof WidgetBody>;
export type WidgetInput = z.output<typeof WidgetBody>;

export const WidgetOffer = z.object({
  offerId: z.number(),
  tourId: z.number(),
  saleAdult: z.number().nullable(),
  saleChild: z.number().nullable(),
  saleTrip: z.number().nullable(),
});
export type WidgetOffer = z.infer<typeof WidgetOffer>;

export const Widget = z.object({
  id: z.string(),
  name: z.string(),
  type: WidgetType,
  currency: CurrencyCode,
  language: Language,
  domain: z.string(),
  // null without a domain
  domainStatus: WidgetDomainStatus.nullable(),
  slug: z.string(),
  offersSectionTitle: z.string(),
  footerText: z.string(),
  googleConversionActionId: z.string(),
  metaTitle: z.string(),
  description: z.string(),
  noIndex: z.boolean(),
  heroVideoUrl: z.string(),
  isHeroVideoDisabled: z.boolean(),
  logoImageId: z.string().nullable(),
  footerLogoImageId: z.string().nullable(),
  heroImageId: z.string().nullable(),
  contacts: WidgetContacts,
  partners: z.array(WidgetPartner),
  socialLinks: WidgetSocialLinks,
  discountPercent: z.number(),
  offers: z.array(WidgetOffer),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Widget = z.infer<typeof Widget>;

export const WidgetListItem = Widget.pick({
  id: true,
  name: true,
  type: true,
  domain: true,
  domainStatus: true,
  slug: true,
  currency: true,
  updatedAt: true,
}).extend({ offersCount: z.number().int() });
export type WidgetListItem = z.infer<typeof WidgetListItem>;

export const WidgetListResponse = z.object({ items: z.array(WidgetListItem) });
export type WidgetListResponse = z.infer<typeof WidgetListResponse>;

// ids are uuids; anything else is simply not found (404), like another agency's widget
export const WidgetIdParams = z.object({ id: z.string().max(64) });

// The offer price table: the catalogue's tours and options with NET (the highest of the current and coming price
// periods) in the asked currency; an option without a price ahead is left out
export const WidgetOfferPricesQuery = z.object({
  currency: CurrencyCode.default('aed'),
  language: Language.optional(),
});
export type WidgetOfferPricesQuery = z.input<typeof WidgetOfferPricesQuery>;

export const WidgetPriceOffer = z.object({
  offerId: z.number(),
  name: z.string(),
  pricingUnit: z.enum(['person', 'trip']),
  netAdult: z.number().nullable(),
  netChild: z.number().nullable(),
  netTrip: z.number().nullable(),
  // Why the minimum is what it is: NET is the highest of the periods still running or ahead, so the editor shows
  // today's NET beside it and the first date the highest one applies (null when today's is the highest)
  todayAdult: z.number().nullable(),
  todayChild: z.number().nullable(),
  todayTrip: z.number().nullable(),
  highestFrom: z.string().nullable(),
});
export type WidgetPriceOffer = z.infer<typeof WidgetPriceOffer>;

export const WidgetPriceTour = z.object({
  tourId: z.number(),
  title: z.string(),
  city: z.string(),
  offers: z.array(WidgetPriceOffer),
});
export type WidgetPriceTour = z.infer<typeof WidgetPriceTour>;

export const WidgetOfferPricesResponse = z.object({ currency: CurrencyCode, tours: z.array(WidgetPriceTour) });
export type WidgetOfferPricesResponse = z.infer<typeof WidgetOfferPricesResponse>;

export const WidgetImage = z.object({ id: z.string(), url: z.string() });
export type WidgetImage = z.infer<typeof WidgetImage>;

export const WidgetImageParams = z.object({ id: z.string().max(64) });

export function widgetImageUrl(id: string): string {
  return `/api/widget-images/${id}`;
}

const tags = ['widgets'] as const;
const access = accessFor('manageWidgets');

export const widgetRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/b2b/widgets',
    summary: "The agency's widgets (admins of agencies allowed to create widgets)",
    tags,
    access,
    response: WidgetListResponse,
  }),
  offerPrices: defineRoute({
    method: 'GET',
    path: '/b2b/widgets/offer-prices',
    summary: 'The offer price table: tours and options with their NET prices in the asked currency',
    tags,
    access,
    query: WidgetOfferPricesQuery,
    response: WidgetOfferPricesResponse,
  }),
  uploadImage: defineRoute({
    method: 'POST',
    path: '/b2b/widgets/images',
    summary: 'Upload a logo or hero image (multipart `file`, JPG/PNG up to 5 MB); save the widget with its id',
    tags,
    access,
    multipart: true,
    response: WidgetImage,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/b2b/widgets',
    summary: 'Create a widget',
    tags,
    access,
    body: WidgetBody,
    response: Widget,
  }),
  get: defineRoute({
    method: 'GET',
    path: '/b2b/widgets/{id}',
    summary: 'One widget with its offers and sale prices',
    tags,
    access,
    params: WidgetIdParams,
    response: Widget,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/b2b/widgets/{id}',
    summary: 'Save the whole widget (a save with no change writes nothing)',
    tags,
    access,
    params: WidgetIdParams,
    body: WidgetBody,
    response: Widget,
  }),
  duplicate: defineRoute({
    method: 'POST',
    path: '/b2b/widgets/{id}/duplicate',
    summary: 'Copy a widget (a new address, no domain)',
    tags,
    access,
    params: WidgetIdParams,
    response: Widget,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/b2b/widgets/{id}',
    summary: 'Delete a widget (soft: its address is never reused)',
    tags,
    access,
    params: WidgetIdParams,
    response: z.object({ id: z.string() }),
  }),
  image: defineRoute({
    method: 'GET',
    path: '/widget-images/{id}',
    summary: "A widget's logo or hero image (public: the shop shows it)",
    tags,
    access: PUBLIC,
    params: WidgetImageParams,
  }),
};
