import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LayoutInfo } from '@portal/contract';
import { FIRST_PAGE_PATHS } from '@portal/contract/plain';
import { requestUnchecked } from './api-client';
import { queryClient } from './query-client';

export const layoutKeys = { info: ['layout', 'info'] as const };

export const layoutInfoQuery = () =>
  queryOptions({
    queryKey: layoutKeys.info,
    queryFn: ({ signal }) => requestUnchecked<LayoutInfo>(FIRST_PAGE_PATHS.layoutInfo, { signal, auth: false }),
    staleTime: 30 * 60 * 1000,
  });

export function useLayoutInfo() {
  return useQuery(layoutInfoQuery());
}

// For places that may render outside the React Query provider (the root error boundary).
export function getCachedLayoutInfo(): LayoutInfo | undefined {
  return queryClient.getQueryData(layoutKeys.info);
}
