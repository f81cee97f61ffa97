import { useCallback, useMemo } from 'react';
import { AGENT_STATUS_FILTERS } from '@portal/contract';
import type { AgentListFilters } from '@portal/contract';
import { useSearchParamsPatch } from '@/lib/use-search-params-patch';

export const AGENTS_ON_PAGE = 20;
export type AgentStatusFilter = AgentListFilters['status'];
export type AgentFilterPatch = Partial<Record<'search' | 'status' | 'page', string | null>>;

const isStatusFilter = (value: string | null): value is AgentStatusFilter =>
  AGENT_STATUS_FILTERS.some((status) => status === value);

// The list's search, status and page live in the URL (a reload or a shared link shows the same list)
export function useAgentFilters(): [AgentListFilters, (patch: AgentFilterPatch) => void] {
  const [params, patchParams] = useSearchParamsPatch();

  const filters = useMemo((): AgentListFilters => {
    const page = Number(params.get('page'));
    const status = params.get('status');
    return {
      search: params.get('search')?.trim().slice(0, 100) ?? '',
      status: isStatusFilter(status) ? status : 'all',
      page: Number.isInteger(page) && page > 1 && page <= 10_000 ? page : 1,
      onPage: AGENTS_ON_PAGE,
    };
  }, [params]);

  // 'all' is the status filter's default: the URL leaves it out
  const update = useCallback(
    (patch: AgentFilterPatch) => patchParams(patch.status === 'all' ? { ...patch, status: null } : patch),
    [patchParams],
  );

  return [filters, update];
}
