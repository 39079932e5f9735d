import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AppErrorBoundary } from '@/components/errors/app-error-boundary';
import { theme } from './theme';
import { ToastStack } from './toast-stack';

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
          <ToastStack />
          {children}
        </QueryClientProvider>
      </AppErrorBoundary>
    </MantineProvider>
  );
}
