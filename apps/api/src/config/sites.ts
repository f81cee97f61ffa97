import fs from 'node:fs';
import { z } from 'zod';
import { CurrencyCode, Language, LayoutInfo, SiteKind } from '@portal/contract';

export const SiteConfig = z.object({
  id: z.string(),
  kind: SiteKind,
  name: z.string(),
  hosts: z.array(z.string()).min(1),
  publicUrl: z.string().optional(),
  defaultLanguage: Language,
  defaultCurrency: CurrencyCode,
  apiBase: z.string().default('/api'),
  // The public parts are exactly what GET /api/layout/info returns.
  contactInfo: LayoutInfo.shape.contactInfo,
  hostData: LayoutInfo.shape.hostData,
  legal: LayoutInfo.shape.legal,
  supportPhone: LayoutInfo.shape.supportPhone,
  // Top-ups and bank transfers, per account currency (issue "Agency money"); defaults below when absent
  money: z
    .partialRecord(
      CurrencyCode,
      z.object({
        topUpMinimumMinor: z.number().int().positive(),
        topUpMaximumMinor: z.number().int().positive(),
        // the card fee, charged on top of the amount credited, invoiced apart and never credited
        cardTopUpFeePercent: z.number().min(0).max(20),
        bank: z.object({ bankName: z.string(), accountName: z.string(), iban: z.string(), swift: z.string() }),
      }),
    )
    .optional(),
});
export type SiteConfig = z.infer<typeof SiteConfig>;
export type Site = SiteConfig & { features: { search: boolean; topDestinations: boolean; chat: boolean } };

export const TOP_DESTINATIONS = [
  { name: 'Dubai', nameRu: 'Дубай', slug: 'dubai' },
  { name: 'Abu Dhabi', nameRu: 'Абу-Даби', slug: 'abu-dhabi' },
  { name: 'Sharjah', nameRu: 'Шарджа', slug: 'sharjah' },
  { name: 'Ras Al Khaimah', nameRu: 'Рас-эль-Хайма', slug: 'ras-al-khaimah' },
  { name: 'Fujairah', nameRu: 'Фуджейра', slug: 'fujairah' },
];

const operator = {
  legal: {
    legalName: 'Golden Falcon Tours & Travel LLC',
    vatRegistrationNumber: '100234567800003',
    tradeLicenceNumber: 'DED-1029384',
  },
  supportPhone: '+971 4 555 0100',
};

export const DEFAULT_SITES: SiteConfig[] = [
  {
    id: 'general',
    kind: 'general',
    name: 'Golden Falcon B2B',
    hosts: ['localhost', '127.0.0.1'],
    defaultLanguage: 'en',
    defaultCurrency: 'aed',
    apiBase: '/api',
    contactInfo: { phone: '+971 4 555 0100', whatsApp: '+971 50 555 0100' },
    hostData: {
      mainLogo: '/brand/logo-general.svg',
      about: 'About Golden Falcon B2B',
      aboutDescriptions: [
        'A booking agent with live connectivity to every major tour and activity in the UAE.',
        'Net rates for travel agencies, instant confirmation and 24/7 operations support.',
      ],
      email: 'b2b@goldenfalcon.test',
      address: 'Office 1204, Bay Square 7, Business Bay, Dubai, UAE',
    },
    ...operator,
  },
  {
    id: 'ru',
    kind: 'ru',
    name: 'Golden Falcon B2B Russia',
    hosts: ['ru.localhost'],
    defaultLanguage: 'ru',
    defaultCurrency: 'usd',
    apiBase: '/api',
    contactInfo: { phone: '+971 4 555 0177', whatsApp: '+971 50 555 0177' },
    hostData: {
      mainLogo: '/brand/logo-general.svg',
      about: 'О Golden Falcon B2B',
      aboutDescriptions: [
        'Агентская система бронирования с онлайн-доступом ко всем основным турам и развлечениям ОАЭ.',
        'Нетто-цены для турагентств, мгновенное подтверждение и круглосуточная поддержка.',
      ],
      email: 'ru@goldenfalcon.test',
      address: 'ОАЭ, Дубай, Бизнес-Бэй, Bay Square 7, офис 1204',
    },
    ...operator,
  },
  {
    id: 'oasis',
    kind: 'partner',
    name: 'Oasis Holidays Trade',
    hosts: ['partner.localhost'],
    defaultLanguage: 'en',
    defaultCurrency: 'aed',
    apiBase: '/api',
    contactInfo: { phone: '+971 6 555 0300', whatsApp: '+971 55 555 0300' },
    hostData: {
      mainLogo: '/brand/logo-partner.svg',
      about: 'About Oasis Holidays Trade',
      aboutDescriptions: ['Tours and tickets for Oasis Holidays partner agencies, powered by Golden Falcon.'],
      email: 'trade@oasisholidays.test',
      address: 'Al Majaz 3, Corniche Street, Sharjah, UAE',
    },
    ...operator,
  },
];

export type SiteMoney = NonNullable<NonNullable<SiteConfig['money']>['aed']>;

// Chosen defaults (documented in the README): 100 to 100,000 AED a top-up (30 to 27,000 USD), a 3 % card fee, the
// tours company's accounts at its bank. A site's `money` replaces them per currency.
export const DEFAULT_MONEY: Record<CurrencyCode, SiteMoney> = {
  aed: {
    topUpMinimumMinor: 10_000,
    topUpMaximumMinor: 10_000_000,
    cardTopUpFeePercent: 3,
    bank: {
      bankName: 'Emirates NBD, Business Bay branch, Dubai',
      accountName: 'Golden Falcon Tours & Travel LLC',
      iban: 'AE07 0260 0010 1520 0304 001',
      swift: 'EBILAEAD',
    },
  },
  usd: {
    topUpMinimumMinor: 3_000,
    topUpMaximumMinor: 2_700_000,
    cardTopUpFeePercent: 3,
    bank: {
      bankName: 'Emirates NBD, Business Bay branch, Dubai',
      accountName: 'Golden Falcon Tours & Travel LLC (USD)',
      iban: 'AE46 0260 0010 1520 0304 002',
      swift: 'EBILAEAD',
    },
  },
};

export function moneyOf(site: SiteConfig, currency: CurrencyCode): SiteMoney {
  return site.money?.[currency] ?? DEFAULT_MONEY[currency];
}

function withFeatures(site: SiteConfig): Site {
  const isPartner = site.kind === 'partner';
  return { ...site, features: { search: !isPartner, topDestinations: !isPartner, chat: !isPartner } };
}

export type SiteRegistry = {
  all: Site[];
  byHost: (host: string | undefined) => Site;
  // the site whose own host name this is (a name without its port); undefined for any other, where byHost answers
  // the general site
  ownSite: (hostname: string) => Site | undefined;
  byId: (id: string) => Site | undefined;
};

export function loadSites(sitesFile: string | undefined): SiteRegistry {
  const raw: unknown = sitesFile ? JSON.parse(fs.readFileSync(sitesFile, 'utf8')) : DEFAULT_SITES;
  const all = z.array(SiteConfig).min(1).parse(raw).map(withFeatures);
  const hostMap = new Map<string, Site>();
  for (const site of all) for (const host of site.hosts) hostMap.set(host.toLowerCase(), site);
  const fallback = all.find((s) => s.kind === 'general') ?? all[0];
  if (!fallback) throw new Error('No sites configured');
  return {
    all,
    byHost: (host) => {
      const name = (host ?? '').toLowerCase().replace(/:\d+$/, '');
      return hostMap.get(name) ?? fallback;
    },
    ownSite: (hostname) => hostMap.get(hostname.toLowerCase()),
    byId: (id) => all.find((s) => s.id === id),
  };
}
