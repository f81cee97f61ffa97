import { queryOptions, useQuery } from '@tanstack/react-query';
import { authRoutes } from '@portal/contract';
import { callRoute } from '@/lib/api-client';

export const accountKeys = {
  all: ['account'] as const,
  me: () => [...accountKeys.all, 'me'] as const,
};

export const meQuery = () =>
  queryOptions({
    queryKey: accountKeys.me(),
    queryFn: ({ signal }) => callRoute(authRoutes.me, { signal }),
  });

export function useMe() {
  return useQuery(meQuery());
}
