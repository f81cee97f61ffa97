import { queryOptions, useQuery } from '@tanstack/react-query';
import { layoutRoutes } from '@portal/contract';
import type { LayoutInfo } from '@portal/contract';
import { callRoute } from './api-client';
import { queryClient } from './query-client';

export const layoutKeys = { info: ['layout', 'info'] as const };

export const layoutInfoQuery = () =>
  queryOptions({
    queryKey: layoutKeys.info,
    queryFn: ({ signal }) => callRoute(layoutRoutes.info, { signal }),
    staleTime: 30 * 60 * 1000,
  });

export function useLayoutInfo() {
  return useQuery(layoutInfoQuery());
}

// For places that may render outside the React Query provider (the root error boundary).
export function getCachedLayoutInfo(): LayoutInfo | undefined {
  return queryClient.getQueryData(layoutKeys.info);
}
