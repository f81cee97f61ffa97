import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { theme } from '@/config/theme';
import { TOAST_AUTO_CLOSE_MS, TOAST_POSITION } from '@/lib/notify';
import { queryClient } from '@/lib/query-client';
import { layoutKeys } from '@/lib/layout-info';
import { getAuthState, subscribeToSession } from '@/lib/session';
import { AppErrorBoundary } from './error-screen';

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
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <AppErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <Notifications position={TOAST_POSITION} autoClose={TOAST_AUTO_CLOSE_MS} zIndex={1000} />
          {children}
        </QueryClientProvider>
      </AppErrorBoundary>
    </MantineProvider>
  );
}
