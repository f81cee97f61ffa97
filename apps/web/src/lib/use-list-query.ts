import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { callRoute, type AnyRoute, type RouteCallInput } from './api-client';

// A list read through its route: the rows on screen stay (dimmed by the page) while the next filters or page load
export function useListQuery<R extends AnyRoute>(
  queryKey: QueryKey,
  route: R,
  input: Omit<RouteCallInput<R>, 'signal'>,
) {
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => callRoute(route, { ...input, signal } as RouteCallInput<R>),
    placeholderData: keepPreviousData,
  });
}
