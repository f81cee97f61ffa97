import type { BookingFilters, CurrencyCode, Language } from '@portal/contract';

export type BookingListKind = 'bookings' | 'requests';

const root = ['bookings'] as const;

// Query keys, one factory per resource
export const bookingKeys = {
  all: root,
  lists: () => [...root, 'list'] as const,
  list: (kind: BookingListKind, filters: BookingFilters) => [...root, 'list', kind, filters] as const,
  options: () => [...root, 'options'] as const,
  details: () => [...root, 'detail'] as const,
  detail: (id: string) => [...root, 'detail', id] as const,
  request: (id: string) => [...root, 'detail', 'request', id] as const,
  payment: (paymentId: string) => [...root, 'payment', paymentId] as const,
  cancellation: (id: string) => [...root, 'cancellation', id] as const,
};

export const balanceKeys = {
  all: ['balance'] as const,
  current: (currency: CurrencyCode) => ['balance', 'current', currency] as const,
};

const checkoutRoot = ['checkout'] as const;

export const checkoutKeys = {
  tour: (id: string, language: Language, currency: CurrencyCode) => [...checkoutRoot, 'tour', id, language, currency] as const,
  price: (offerId: number, date: string, currency: CurrencyCode) => [...checkoutRoot, 'price', offerId, date, currency] as const,
  slots: (offerId: number, date: string) => [...checkoutRoot, 'slots', offerId, date] as const,
  promo: (code: string) => [...checkoutRoot, 'promo', code] as const,
  hotels: (countryId: number) => [...checkoutRoot, 'hotels', countryId] as const,
  pickUpTime: (offerId: number, hotelId: number, time: string | null) => [...checkoutRoot, 'pick-up-time', offerId, hotelId, time] as const,
};
