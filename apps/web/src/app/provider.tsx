import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { BaseProvider } from './base-provider';

export interface AppProviderProps {
  queryClient: QueryClient;
  children: ReactNode;
  /** 'test' turns off transitions and portals. */
  env?: 'default' | 'test';
}

export function AppProvider({ queryClient, children, env = 'default' }: AppProviderProps) {
  return (
    <BaseProvider env={env}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </BaseProvider>
  );
}
