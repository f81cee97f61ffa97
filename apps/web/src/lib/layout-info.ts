import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LayoutInfo } from '@portal/contract';
import { callFirstPage } from './api-client';
import { queryClient } from './query-client';

export const layoutKeys = { info: ['layout', 'info'] as const };

// The server writes the site's layout info into index.html (apps/api/src/modules/web/web-app.ts): the first render
// uses it instead of waiting for a request. Anything unreadable falls back to asking the API.
function readInlineLayoutInfo(): LayoutInfo | undefined {
  try {
    const text = document.getElementById('layout-info')?.textContent;
    const value: unknown = text ? JSON.parse(text) : undefined;
    if (value && typeof value === 'object' && 'site' in value && value.site && typeof value.site === 'object')
      return value as LayoutInfo;
  } catch {
    // a shell without it (the dev server's index.html) or a broken one
  }
  return undefined;
}

// put in the cache once, so that every reader (the error screen too, through getCachedLayoutInfo) has it at once
const inline = typeof document === 'undefined' ? undefined : readInlineLayoutInfo();
if (inline) queryClient.setQueryData(layoutKeys.info, inline);

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
