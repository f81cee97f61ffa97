import { useCallback, useRef } from 'react';
import { newUuid } from './uuid';

// One key per attempt: the same body (a double click, a retry after a network error) reuses it, a changed body gets
// a new one, so the server neither books twice nor rejects an edited form as a key reused with another request.
export function useIdempotencyKey() {
  const last = useRef<{ key: string; body: string } | null>(null);
  return useCallback((body: unknown): string => {
    const serialized = JSON.stringify(body);
    if (last.current?.body !== serialized) last.current = { key: newUuid(), body: serialized };
    return last.current.key;
  }, []);
}
