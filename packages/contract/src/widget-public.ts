import { z } from 'zod';
import { CurrencyCode, Language } from './common.ts';
import { ImageRef } from './catalogue.ts';
import { PUBLIC, defineRoute } from './define-route.ts';

// SPEC §7 public widget call GET /widgets/tour/url/{url} (query currencyCode, agencyGuid): one tour as an agency's
// widget sells it — its options at the customer's prices (sale − the widget's discount). "If empty, fails with a
// Russian 'could not get data' error": no live widget of that agency sells the tour → 404 with WIDGET_PUBLIC_MESSAGES.
export const WIDGET_PUBLIC_MESSAGES = {
  noData: 'Не удалось получить данные',
  agencyGuid: 'Unknown agency',
} as const;

// Issue 13: the customer's checkout in a widget shop (server-rendered in the shop's language through the web app's
// core locale, where each has its Russian wording)
export const WIDGET_SALE_MESSAGES = {
  notOnline: 'This date cannot be booked online. Please choose another date or contact us.',
  priceMissing: 'This ticket type is not sold here. Please contact us.',
  notAvailable: 'This option cannot be booked online at the moment. Please contact us.',
  holdExpired: 'The 15 minutes to pay have passed and the seats were released. Please book again.',
  notPayable: 'This booking cannot be paid now.',
} as const;

export const WidgetTourParams = z.object({ url: z.string().trim().min(1).max(120) });
export const WidgetTourQuery = z.object({
  agencyGuid: z.uuid(WIDGET_PUBLIC_MESSAGES.agencyGuid),
  // the widget's currency when it has one of each; a widget's prices are in its own currency
  currencyCode: z
    .string()
    .transform((v) => v.trim().toLowerCase())
    .pipe(CurrencyCode)
    .optional(),
});
export type WidgetTourQuery = z.infer<typeof WidgetTourQuery>;

export const WidgetTourPrice = z.object({
  kind: z.enum(['adult', 'child', 'trip']),
  amount: z.number(),
  // the sale price before the widget's discount, when the discount lowers it
  was: z.number().nullable(),
});
export const WidgetTourResponse = z.object({
  widget: z.object({ slug: z.string(), name: z.string(), language: Language, currency: CurrencyCode }),
  tour: z.object({
    id: z.number().int(),
    url: z.string(),
    title: z.string(),
    summary: z.string(),
    city: z.string(),
    heroImage: ImageRef,
  }),
  offers: z.array(z.object({ offerId: z.number().int(), name: z.string(), prices: z.array(WidgetTourPrice) })),
});
export type WidgetTourResponse = z.infer<typeof WidgetTourResponse>;

export const widgetPublicRoutes = {
  tourByUrl: defineRoute({
    method: 'GET',
    path: '/widgets/tour/url/{url}',
    summary: "One tour as an agency's widget sells it, at the customer's prices (public)",
    tags: ['widgets'],
    access: PUBLIC,
    params: WidgetTourParams,
    query: WidgetTourQuery,
    response: WidgetTourResponse,
  }),
};
