import { z } from 'zod';
import { CurrencyCode, Language } from './common.ts';
import { ImageRef } from './catalogue.ts';
import { PUBLIC, defineRoute } from './define-route.ts';
import { WIDGET_PUBLIC_MESSAGES, WIDGET_SALE_MESSAGES } from './messages.ts';

// SPEC §7 public widget call GET /widgets/tour/url/{url} (query currencyCode, agencyGuid): one tour as an agency's
// widget sells it — its options at the customer's prices (sale − the widget's discount). "If empty, fails with a
// Russian 'could not get data' error": no live widget of that agency sells the tour → 404 with WIDGET_PUBLIC_MESSAGES.
export { WIDGET_PUBLIC_MESSAGES, WIDGET_SALE_MESSAGES };

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
