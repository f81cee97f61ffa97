import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

const MAX_RETRIES = 3;

// Client errors (401, 404, 422, 4xx) answer the same on a retry; only transient failures are retried.
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  if (!isApiError(error)) return true;
  if (error.kind === 'redirect' || error.kind === 'parse') return false;
  // 503 is maintenance: retrying in seconds only repeats the toast.
  return error.kind === 'network' || (error.status >= 500 && error.status !== 503);
}

// SPEC §9: stale time 120000 ms, no refetch on window focus, unused entries kept 5 minutes, 3 retries.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 120_000,
      gcTime: 5 * 60 * 1000,
      refetchOnWindowFocus: false,
      retry: shouldRetry,
    },
    mutations: { retry: false },
  },
});
