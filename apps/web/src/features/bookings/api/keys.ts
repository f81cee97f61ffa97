import type { BookingFilters, CurrencyCode, Language } from '@portal/contract';

export type BookingListKind = 'bookings' | 'requests';

const root = ['bookings'] as const;

// Query keys, one factory per resource
export const bookingKeys = {
  all: root,
  lists: () => [...root, 'list'] as const,
  list: (kind: BookingListKind, filters: BookingFilters, language: Language) =>
    [...root, 'list', kind, filters, language] as const,
  options: (language: Language) => [...root, 'options', language] as const,
  details: () => [...root, 'detail'] as const,
  // the language goes last, so invalidating detail(id) reaches every language
  detail: (id: string, language?: Language) =>
    language ? ([...root, 'detail', id, language] as const) : ([...root, 'detail', id] as const),
  request: (id: string, language?: Language) =>
    language ? ([...root, 'detail', 'request', id, language] as const) : ([...root, 'detail', 'request', id] as const),
  payments: () => [...root, 'payment'] as const,
  payment: (paymentId: string) => [...root, 'payment', paymentId] as const,
  cancellation: (id: string) => [...root, 'cancellation', id] as const,
};

export const balanceKeys = {
  all: ['balance'] as const,
  current: (currency: CurrencyCode) => ['balance', 'current', currency] as const,
  covers: (currency: CurrencyCode, amount: number) => ['balance', 'covers', currency, amount] as const,
};

const checkoutRoot = ['checkout'] as const;

export const checkoutKeys = {
  tour: (id: string, language: Language, currency: CurrencyCode) =>
    [...checkoutRoot, 'tour', id, language, currency] as const,
  slots: (offerId: number, date: string) => [...checkoutRoot, 'slots', offerId, date] as const,
  promo: (code: string) => [...checkoutRoot, 'promo', code] as const,
  hotels: (countryId: number) => [...checkoutRoot, 'hotels', countryId] as const,
  pickUpTime: (offerId: number, hotelId: number, time: string | null) =>
    [...checkoutRoot, 'pick-up-time', offerId, hotelId, time] as const,
};
