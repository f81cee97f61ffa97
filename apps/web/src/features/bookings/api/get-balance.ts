import { useQuery } from '@tanstack/react-query';
import { callFirstPage } from '@/lib/api-client';
import type { CurrencyCode } from '@portal/contract';
import { balanceKeys } from './keys';

// SPEC §6: the figures for admins; other agents ask only whether the balance covers the amount at hand
export function useBalance(currency: CurrencyCode, enabled = true) {
  return useQuery({
    enabled,
    queryKey: balanceKeys.current(currency),
    queryFn: ({ signal }) => callFirstPage('balance', { query: { currencyCode: currency }, signal }),
    staleTime: 15_000,
  });
}

export function useBalanceCovers(currency: CurrencyCode, amount: number | null, enabled = true) {
  return useQuery({
    enabled: enabled && amount !== null,
    queryKey: balanceKeys.covers(currency, amount ?? 0),
    queryFn: ({ signal }) =>
      callFirstPage('balanceCovers', { query: { currencyCode: currency, amount: amount ?? 0 }, signal }),
    staleTime: 15_000,
  });
}
