import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export type SearchParamsPatch = Record<string, string | null | undefined>;

// A list's state in the URL (a reload or a shared link shows the same list): the current parameters and a patch that
// sets or clears some (empty clears); any change but the page's own starts again at page 1. The history entry is
// replaced, so Back leaves the list instead of stepping through its filters.
export function useSearchParamsPatch(): [URLSearchParams, (patch: SearchParamsPatch) => void] {
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (patch: SearchParamsPatch) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(patch)) {
            if (value === null || value === undefined || value === '') next.delete(key);
            else next.set(key, value);
          }
          if (!('page' in patch)) next.delete('page');
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [setParams],
  );
  return [params, update];
}
