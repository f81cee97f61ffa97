import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { AGENT_STATUS_FILTERS } from '@portal/contract';
import type { AgentListFilters } from '@portal/contract';

export const AGENTS_ON_PAGE = 20;
export type AgentStatusFilter = AgentListFilters['status'];
export type AgentFilterPatch = Partial<Record<'search' | 'status' | 'page', string | null>>;

const isStatusFilter = (value: string | null): value is AgentStatusFilter =>
  AGENT_STATUS_FILTERS.some((status) => status === value);

// The list's search, status and page live in the URL (a reload or a shared link shows the same list)
export function useAgentFilters(): [AgentListFilters, (patch: AgentFilterPatch) => void] {
  const [params, setParams] = useSearchParams();

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

  const update = useCallback(
    (patch: AgentFilterPatch) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(patch)) {
            if (value === null || value === undefined || value === '' || (key === 'status' && value === 'all'))
              next.delete(key);
            else next.set(key, value);
          }
          // a new search or status starts again at page 1
          if (!('page' in patch)) next.delete('page');
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [setParams],
  );

  return [filters, update];
}
