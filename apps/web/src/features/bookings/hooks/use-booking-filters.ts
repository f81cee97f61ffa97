import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { isUuid } from '../utils/ids';
import { BookingStatus, isCalendarDate } from '@portal/contract';
import type { BookingFilters } from '@portal/contract';

export const PAGE_SIZE = 20;

export type FilterKey =
  | 'status'
  | 'dateFrom'
  | 'dateTo'
  | 'createdFrom'
  | 'createdTo'
  | 'tourId'
  | 'agentId'
  | 'search'
  | 'page';
export type FilterPatch = Partial<Record<FilterKey, string | null>>;

const date = (value: string | null) => (value && isCalendarDate(value) ? value : undefined);

// The list's filters and page live in the URL (a reload or a shared link shows the same list)
export function useBookingFilters(fixedAgentId?: string): [BookingFilters, (patch: FilterPatch) => void] {
  const [params, setParams] = useSearchParams();

  const filters = useMemo((): BookingFilters => {
    const status = BookingStatus.safeParse(params.get('status'));
    const tourId = Number(params.get('tourId'));
    const agentId = fixedAgentId ?? params.get('agentId') ?? '';
    const page = Number(params.get('page'));
    const search = params.get('search')?.trim().slice(0, 100) ?? '';
    const result: BookingFilters = { page: Number.isInteger(page) && page > 1 ? page : 1, onPage: PAGE_SIZE };
    if (status.success) result.status = status.data;
    const dateFrom = date(params.get('dateFrom'));
    const dateTo = date(params.get('dateTo'));
    if (dateFrom && (!dateTo || dateFrom <= dateTo)) result.dateFrom = dateFrom;
    if (dateTo && (!dateFrom || dateFrom <= dateTo)) result.dateTo = dateTo;
    const createdFrom = date(params.get('createdFrom'));
    const createdTo = date(params.get('createdTo'));
    if (createdFrom && (!createdTo || createdFrom <= createdTo)) result.createdFrom = createdFrom;
    if (createdTo && (!createdFrom || createdFrom <= createdTo)) result.createdTo = createdTo;
    if (Number.isInteger(tourId) && tourId > 0) result.tourId = tourId;
    if (isUuid(agentId)) result.agentId = agentId;
    if (search) result.search = search;
    return result;
  }, [params, fixedAgentId]);

  const update = useCallback(
    (patch: FilterPatch) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(patch)) {
            if (value === null || value === undefined || value === '') next.delete(key);
            else next.set(key, value);
          }
          // any filter change starts again at page 1
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

export function hasActiveFilters(filters: BookingFilters): boolean {
  return Boolean(
    filters.status ||
      filters.dateFrom ||
      filters.dateTo ||
      filters.createdFrom ||
      filters.createdTo ||
      filters.tourId ||
      filters.agentId ||
      filters.search,
  );
}
