import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { isCalendarDate } from '@portal/contract';
import type { BookingFilters } from '@portal/contract';

export const PAGE_SIZE = 20;

// the bookings list's filters but the status (commissions are completed bookings only)
export type CommissionFilterKey =
  | 'dateFrom'
  | 'dateTo'
  | 'createdFrom'
  | 'createdTo'
  | 'tourId'
  | 'agentId'
  | 'search'
  | 'page';
export type CommissionFilterPatch = Partial<Record<CommissionFilterKey, string | null>>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const date = (value: string | null) => (value && isCalendarDate(value) ? value : undefined);

// The filters and page live in the URL (a reload or a shared link shows the same figures); what the URL holds that
// the server would refuse (a reversed range, a malformed id) is left out
export function useCommissionFilters(): [BookingFilters, (patch: CommissionFilterPatch) => void] {
  const [params, setParams] = useSearchParams();

  const filters = useMemo((): BookingFilters => {
    const page = Number(params.get('page'));
    const tourId = Number(params.get('tourId'));
    const agentId = params.get('agentId') ?? '';
    const search = params.get('search')?.trim().slice(0, 100) ?? '';
    const result: BookingFilters = { page: Number.isInteger(page) && page > 1 ? page : 1, onPage: PAGE_SIZE };
    for (const [fromKey, toKey] of [
      ['dateFrom', 'dateTo'],
      ['createdFrom', 'createdTo'],
    ] as const) {
      const from = date(params.get(fromKey));
      const to = date(params.get(toKey));
      if (from && (!to || from <= to)) result[fromKey] = from;
      if (to && (!from || from <= to)) result[toKey] = to;
    }
    if (Number.isInteger(tourId) && tourId > 0) result.tourId = tourId;
    if (UUID.test(agentId)) result.agentId = agentId;
    if (search) result.search = search;
    return result;
  }, [params]);

  const update = useCallback(
    (patch: CommissionFilterPatch) => {
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
    filters.dateFrom ||
      filters.dateTo ||
      filters.createdFrom ||
      filters.createdTo ||
      filters.tourId ||
      filters.agentId ||
      filters.search,
  );
}
