import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { CurrencyCode } from '@portal/contract';
import { callFirstPage } from './api-client';

// SPEC §7 offersPrices for one offer and date in one currency: the checkout's price, and the tour page's price in the
// account's currency, share the answer
export const offerPriceQuery = (offerId: number | null, date: string, currency: CurrencyCode) =>
  queryOptions({
    queryKey: ['prices', 'offer', offerId ?? 0, date, currency] as const,
    queryFn: async ({ signal }) => {
      const rows = await callFirstPage('offersPrices', {
        query: { ids: String(offerId), from: date, to: date, currencycode: currency },
        signal,
      });
      return rows.find((row) => row.offerId === offerId && row.date === date) ?? null;
    },
    placeholderData: keepPreviousData,
  });
