import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { AppErrorBoundary } from '@/components/errors/app-error-boundary';
import { OVERLAYS_ID, theme } from './theme';
import { ToastStack } from './toast-stack';

export interface BaseProviderProps {
  children: ReactNode;
  /** 'test' turns off transitions and portals. */
  env?: 'default' | 'test';
}

/** What every page has: the theme, the crash screen and the toasts. No data layer, no router. */
export function BaseProvider({ children, env = 'default' }: BaseProviderProps) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" env={env}>
      <AppErrorBoundary>
        <ToastStack />
        {children}
      </AppErrorBoundary>
      {/* Where menus, dropdowns, dialogs and toasts render: a landmark, so their content is in one. */}
      <div id={OVERLAYS_ID} role="region" aria-label="Pop-ups and notifications" />
    </MantineProvider>
  );
}
