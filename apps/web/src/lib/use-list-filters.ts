import { useMemo } from 'react';
import { BookingChannel, BookingStatus, isCalendarDate } from '@portal/contract';
import type { BookingFilters } from '@portal/contract';
import { isUuid } from '@portal/contract/plain';
import { useSearchParamsPatch } from './use-search-params-patch';

export const LIST_PAGE_SIZE = 20;

export type ListFilterKey =
  | 'status'
  | 'dateFrom'
  | 'dateTo'
  | 'createdFrom'
  | 'createdTo'
  | 'tourId'
  | 'agentId'
  | 'channel'
  | 'test'
  | 'search'
  | 'page';
export type ListFilterPatch = Partial<Record<ListFilterKey, string | null>>;

type ListFilterOptions = {
  // the status is read only where the list filters by it (commissions are completed bookings only)
  withStatus?: boolean;
  // the agent a list of one's own bookings is fixed to, whatever the URL says
  fixedAgentId?: string;
};

const date = (value: string | null) => (value && isCalendarDate(value) ? value : undefined);

// A bookings list's filters and page live in the URL (a reload or a shared link shows the same list); what the URL
// holds that the server would refuse (a reversed range, a malformed id) is left out
export function useListFilters({ withStatus = false, fixedAgentId }: ListFilterOptions = {}): [
  BookingFilters,
  (patch: ListFilterPatch) => void,
] {
  const [params, update] = useSearchParamsPatch();

  const filters = useMemo((): BookingFilters => {
    const page = Number(params.get('page'));
    const tourId = Number(params.get('tourId'));
    const agentId = fixedAgentId ?? params.get('agentId') ?? '';
    const search = params.get('search')?.trim().slice(0, 100) ?? '';
    const result: BookingFilters = { page: Number.isInteger(page) && page > 1 ? page : 1, onPage: LIST_PAGE_SIZE };
    if (withStatus) {
      const status = BookingStatus.safeParse(params.get('status'));
      if (status.success) result.status = status.data;
    }
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
    if (isUuid(agentId)) result.agentId = agentId;
    const channel = BookingChannel.safeParse(params.get('channel'));
    if (channel.success) result.channel = channel.data;
    if (params.get('test') === '1') result.test = true;
    if (search) result.search = search;
    return result;
  }, [params, withStatus, fixedAgentId]);

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
      filters.channel ||
      filters.test ||
      filters.search,
  );
}
