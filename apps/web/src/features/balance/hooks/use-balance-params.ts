import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { BalanceTab } from '@/config/paths';
import { FIRST_YEAR, currentYear, readPeriod } from '../utils/period';

export type BalanceParams = { tab: BalanceTab; year: number; from: string; to: string; page: number };
export type BalancePatch = Partial<Record<'tab' | 'year' | 'from' | 'to' | 'page', string | null>>;

const TABS: readonly BalanceTab[] = ['summary', 'transactions', 'deposit'];

export const isBalanceTab = (value: string | null): value is BalanceTab => TABS.some((tab) => tab === value);

// The tab, the summary's year and the statement's period and page live in the URL (a reload or a link shows the same)
export function useBalanceParams(): [BalanceParams, (patch: BalancePatch) => void] {
  const [search, setSearch] = useSearchParams();

  const params = useMemo((): BalanceParams => {
    const tab = search.get('tab');
    const year = Number(search.get('year'));
    const page = Number(search.get('page'));
    const { from, to } = readPeriod(search.get('from'), search.get('to'));
    return {
      tab: isBalanceTab(tab) ? tab : 'summary',
      year: Number.isInteger(year) && year >= FIRST_YEAR && year <= currentYear() ? year : currentYear(),
      from,
      to,
      page: Number.isInteger(page) && page > 1 ? page : 1,
    };
  }, [search]);

  const update = useCallback(
    (patch: BalancePatch) => {
      setSearch((current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(patch)) {
          if (value === null || value === undefined || value === '') next.delete(key);
          else next.set(key, value);
        }
        if (next.get('tab') === 'summary') next.delete('tab');
        // a new period starts again at its first page
        if (!('page' in patch)) next.delete('page');
        return next;
      });
    },
    [setSearch],
  );

  return [params, update];
}
