import { queryOptions, useQuery } from '@tanstack/react-query';
import { authRoutes } from '@portal/contract';
import { callRoute } from './api-client';

// The logged-in user and their agency (GET /b2b/account/me), shared by the account page and the layout
export const accountKeys = {
  all: ['account'] as const,
  me: () => [...accountKeys.all, 'me'] as const,
};

export const meQuery = () =>
  queryOptions({
    queryKey: accountKeys.me(),
    queryFn: ({ signal }) => callRoute(authRoutes.me, { signal }),
  });

export function useMe(options: { enabled?: boolean } = {}) {
  return useQuery({ ...meQuery(), enabled: options.enabled ?? true });
}
