import type { ReactNode } from 'react';
import { LoadFailed } from './load-failed';
import { SectionSpinner } from './page-spinner';

type Query<T> = {
  data: T | undefined;
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
};

// What a query loaded, drawn by `children`; until then the spinner (or the part's own skeleton, `loading`), and
// when it could not load, why, with a way to try again. Data already shown stays while a refetch fails.
export function QueryContent<T>({
  query,
  loading = <SectionSpinner />,
  children,
}: {
  query: Query<T>;
  loading?: ReactNode;
  children: (data: NonNullable<T>) => ReactNode;
}) {
  if (query.data !== undefined && query.data !== null) return children(query.data);
  if (query.isError)
    return <LoadFailed error={query.error} onRetry={() => void query.refetch()} isRetrying={query.isFetching} />;
  return loading;
}
