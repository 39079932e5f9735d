import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AppErrorBoundary } from '@/components/errors/app-error-boundary';
import { TOAST_AUTO_CLOSE_MS, TOAST_LIMIT } from '@/lib/notify';
import { theme } from './theme';

export interface AppProviderProps {
  queryClient: QueryClient;
  children: ReactNode;
  /** 'test' turns off transitions and portals. */
  env?: 'default' | 'test';
}

export function AppProvider({ queryClient, children, env = 'default' }: AppProviderProps) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" env={env}>
      <AppErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <Notifications
            position="top-right"
            limit={TOAST_LIMIT}
            autoClose={TOAST_AUTO_CLOSE_MS}
            zIndex={1000}
          />
          {children}
        </QueryClientProvider>
      </AppErrorBoundary>
    </MantineProvider>
  );
}
