import type { CurrencyCode, TourCard } from '@portal/contract';
import { callFirstPage } from '@/lib/api-client';

export type TourCards = { currencyCode: CurrencyCode; tours: TourCard[] };

// Tour cards, all of them or the promoted ones; the cards carry no currency of their own: keep the one they were asked in
export async function fetchTourCards(
  route: 'tours' | 'promoTours',
  query: Record<string, string>,
  currency: CurrencyCode,
  signal: AbortSignal,
): Promise<TourCards> {
  return { currencyCode: currency, tours: await callFirstPage(route, { query, signal }) };
}
