import { Suspense, lazy, useEffect, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { theme } from '@/config/theme';
import { queryClient } from '@/lib/query-client';
import { layoutKeys } from '@/lib/layout-info';
import { subscribeToToasts, toastsWanted } from '@/lib/notify';
import { getAuthState, subscribeToSession } from '@/lib/session';
import { AppErrorBoundary } from './error-screen';

// The toast container loads with the first toast (lib/notify.ts); toasts shown before it mounts wait in the store.
const Toaster = lazy(() => import('@/components/toaster').then((m) => ({ default: m.Toaster })));

function useDropUserDataOnLogout() {
  useEffect(() => {
    let previous = getAuthState().status;
    return subscribeToSession(() => {
      const current = getAuthState().status;
      if (previous === 'authenticated' && current !== 'authenticated') {
        queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== layoutKeys.info[0] });
      }
      previous = current;
    });
  }, []);
}

export function AppProvider({ children }: { children: ReactNode }) {
  useDropUserDataOnLogout();
  const hasToasts = useSyncExternalStore(subscribeToToasts, toastsWanted);
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <AppErrorBoundary>
        <QueryClientProvider client={queryClient}>
          {hasToasts && (
            <Suspense fallback={null}>
              <Toaster />
            </Suspense>
          )}
          {children}
        </QueryClientProvider>
      </AppErrorBoundary>
    </MantineProvider>
  );
}
