import type { CurrencyCode, TourCard } from '@portal/contract';
import { requestUnchecked } from '@/lib/api-client';

export type TourCards = { currencyCode: CurrencyCode; tours: TourCard[] };

// Tour cards by their first-page path; the cards carry no currency of their own: keep the one they were asked in
export async function fetchTourCards(
  path: string,
  query: Record<string, string>,
  currency: CurrencyCode,
  signal: AbortSignal,
): Promise<TourCards> {
  return { currencyCode: currency, tours: await requestUnchecked<TourCard[]>(path, { query, signal, auth: true }) };
}
