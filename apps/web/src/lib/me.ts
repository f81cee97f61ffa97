import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrencyCode } from '@portal/contract';
import { callFirstPage } from './api-client';
import { useLocale } from './locale';

// The logged-in user and their agency (GET /b2b/account/me): one query for the account page, the layout's banner and
// the currency bookings are charged in
const meQuery = () =>
  queryOptions({
    queryKey: ['account', 'me'] as const,
    queryFn: ({ signal }) => callFirstPage('me', { signal }),
  });

export function useMe() {
  return useQuery(meQuery());
}

// Bookings are priced and charged in the agency's currency (the Russian site's agencies: USD), whatever the UI language
export function useAgencyCurrency(): { currency: CurrencyCode; isLoading: boolean } {
  const locale = useLocale();
  const me = useMe();
  return { currency: me.data?.agency?.currency ?? locale.currency, isLoading: me.isLoading };
}
