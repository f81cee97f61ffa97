import { useQuery } from '@tanstack/react-query';
import type { CurrencyCode } from '@portal/contract';
import { callFirstPage } from '@/lib/api-client';
import { moneyKeys } from './keys';

// GET /b2b/balance: balance, credit limit and what is available to book, in the account currency (SPEC §6: admins)
export function useAccountBalance(currency: CurrencyCode | null) {
  return useQuery({
    enabled: currency !== null,
    queryKey: moneyKeys.current(currency ?? 'aed'),
    queryFn: ({ signal }) => callFirstPage('balance', { query: { currencyCode: currency ?? 'aed' }, signal }),
    staleTime: 15_000,
  });
}
