import { useQuery, type QueryKey } from '@tanstack/react-query';
import { callRoute, type AnyRoute, type RouteCallInput } from '@/lib/api-client';

const CHOICES_STALE_MS = 5 * 60_000;

// What a page's filters or forms offer to choose from (sites, tours, cities…), read through a route that takes no
// input and kept five minutes
export function useChoicesQuery<R extends AnyRoute>(queryKey: QueryKey, route: R) {
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => callRoute(route, { signal } as RouteCallInput<R>),
    staleTime: CHOICES_STALE_MS,
  });
}
