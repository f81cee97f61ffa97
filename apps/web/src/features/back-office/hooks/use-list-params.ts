import { useMemo } from 'react';
import { useSearchParamsPatch, type SearchParamsPatch } from '@/lib/use-search-params-patch';
import { listPage, pageParam, readListParams, type ListParams } from '../utils/list-params';

// A back-office list's filters and page, kept in the URL (a reload or a shared link shows the same list). `parsers`
// names the list's filter parameters and how each is read; define it once, outside the component. A filter change
// starts again at page 1; the history entry is replaced (lib/use-search-params-patch).
export function useListParams<P extends ListParams>(parsers: P) {
  const [params, patch] = useSearchParamsPatch();
  const filters = useMemo(() => readListParams(params, parsers), [params, parsers]);
  const page = listPage(params.get('page'));
  const isFiltered = Object.values(filters).some((value) => value !== undefined);
  return {
    params,
    filters,
    page,
    isFiltered,
    setFilters: (changes: { [K in keyof P]?: string | null }) => patch(changes),
    // `also`: other parameters that change with the page (a detail open beside the list)
    setPage: (next: number, also: SearchParamsPatch = {}) => patch({ ...also, page: pageParam(next) }),
    clearFilters: () => patch(Object.fromEntries(Object.keys(parsers).map((key) => [key, undefined]))),
    patch,
  };
}
