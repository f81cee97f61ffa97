import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LayoutInfo } from '@portal/contract';
import { callFirstPage } from './api-client';
import { inlineLayoutInfo } from './inline-layout-info';
import { queryClient } from './query-client';

export const layoutKeys = { info: ['layout', 'info'] as const };

// put in the cache once, so that every reader (the error screen too, through getCachedLayoutInfo) has it at once,
// and the first render uses it instead of waiting for a request
if (inlineLayoutInfo) queryClient.setQueryData(layoutKeys.info, inlineLayoutInfo);

export const layoutInfoQuery = () =>
  queryOptions({
    queryKey: layoutKeys.info,
    queryFn: ({ signal }) => callFirstPage('layoutInfo', { signal }),
    staleTime: 30 * 60 * 1000,
  });

export function useLayoutInfo() {
  return useQuery(layoutInfoQuery());
}

// For places that may render outside the React Query provider (the root error boundary).
export function getCachedLayoutInfo(): LayoutInfo | undefined {
  return queryClient.getQueryData(layoutKeys.info);
}
