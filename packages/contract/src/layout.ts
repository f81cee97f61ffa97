import { z } from 'zod';
import { CurrencyCode, Language } from './common.ts';
import { PUBLIC, defineRoute } from './define-route.ts';
import { firstPageRoute } from './paths.ts';

export const SiteKind = z.enum(['general', 'ru', 'partner']);
export type SiteKind = z.infer<typeof SiteKind>;

export const LayoutInfo = z.object({
  site: z.object({
    id: z.string(),
    kind: SiteKind,
    name: z.string(),
    defaultLanguage: Language,
    defaultCurrency: CurrencyCode,
    features: z.object({ search: z.boolean(), topDestinations: z.boolean(), chat: z.boolean() }),
    apiBase: z.string(),
    topDestinations: z.array(z.object({ name: z.string(), nameRu: z.string(), slug: z.string() })),
  }),
  contactInfo: z.object({ phone: z.string(), whatsApp: z.string() }),
  hostData: z.object({
    mainLogo: z.string(),
    about: z.string(),
    aboutDescriptions: z.array(z.string()),
    email: z.string(),
    address: z.string(),
  }),
  legal: z.object({ legalName: z.string(), vatRegistrationNumber: z.string(), tradeLicenceNumber: z.string() }),
  supportPhone: z.string(),
});
export type LayoutInfo = z.infer<typeof LayoutInfo>;

export const layoutRoutes = {
  info: defineRoute({
    ...firstPageRoute('layoutInfo'),
    summary: "The site's contact, brand and legal data (chosen by host name)",
    tags: ['layout'],
    access: PUBLIC,
    response: LayoutInfo,
  }),
};
