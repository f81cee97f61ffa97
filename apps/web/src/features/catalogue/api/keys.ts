import type { CurrencyCode, Language } from '@portal/contract';

export type CatalogueLocale = { language: Language; currency: CurrencyCode };

// SPEC §7: every catalogue call takes the language and the currency that goes with it
export function localeQuery(locale: CatalogueLocale) {
  return { language: locale.language, currencyCode: locale.currency };
}

const root = ['catalogue'] as const;

// Query keys, one factory per resource
export const placeKeys = {
  all: [...root, 'places'] as const,
  homepage: (locale: CatalogueLocale) => [...placeKeys.all, 'homepage', locale.language, locale.currency] as const,
  country: (url: string, locale: CatalogueLocale) =>
    [...placeKeys.all, 'country', url, locale.language, locale.currency] as const,
  city: (country: string, city: string, locale: CatalogueLocale) =>
    [...placeKeys.all, 'city', country, city, locale.language, locale.currency] as const,
  category: (category: string, locale: CatalogueLocale) =>
    [...placeKeys.all, 'category', category, locale.language, locale.currency] as const,
};

export const tourKeys = {
  all: [...root, 'tours'] as const,
  list: (locale: CatalogueLocale) => [...tourKeys.all, 'list', locale.language, locale.currency] as const,
  promo: (locale: CatalogueLocale) => [...tourKeys.all, 'promo', locale.language, locale.currency] as const,
  detail: (id: string, locale: CatalogueLocale) =>
    [...tourKeys.all, 'detail', id, locale.language, locale.currency] as const,
  ticketTypes: (tourId: number, language: Language) => [...tourKeys.all, 'ticket-types', tourId, language] as const,
};

export const availabilityKeys = {
  all: [...root, 'availability'] as const,
  byTour: (tourId: number, from: string, to: string) => [...availabilityKeys.all, 'by-tour', tourId, from, to] as const,
  byOffer: (offerId: number, from: string, to: string) =>
    [...availabilityKeys.all, 'by-offer', offerId, from, to] as const,
};

export type AlternativesInput = {
  tourId: number;
  offerId: number;
  date: string;
  time: string | null;
  people: { adults: number; children: number; infants: number };
};

export const alternativesKeys = {
  all: [...root, 'alternatives'] as const,
  one: (input: AlternativesInput) =>
    [
      ...alternativesKeys.all,
      input.tourId,
      input.offerId,
      input.date,
      input.time ?? '',
      input.people.adults,
      input.people.children,
      input.people.infants,
    ] as const,
};

export const stockWatchKeys = {
  all: [...root, 'stock-watches'] as const,
  forDate: (offerId: number, date: string) => [...stockWatchKeys.all, offerId, date] as const,
};

export const priceKeys = {
  all: [...root, 'prices'] as const,
  offers: (offerIds: readonly number[], from: string, to: string, currency: CurrencyCode) =>
    [...priceKeys.all, 'offers', offerIds.join(','), from, to, currency] as const,
};

export const promoCodeKeys = {
  all: [...root, 'promo-codes'] as const,
};
