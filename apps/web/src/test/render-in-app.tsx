import { ModalsProvider } from '@mantine/modals';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from '@/lib/router';
import { AppProvider } from '@/app/provider';
import { createQueryClient } from '@/app/query-client';
import { createErrorHandler } from '@/lib/error-handling';
import { showToast } from '@/lib/notify';

/**
 * One screen part (a tab, a panel) inside the app's providers: theme, the shared query client
 * with the shared error toasts, toasts, confirm dialogs and a router. For parts whose page is
 * composed elsewhere.
 */
export function renderInApp(ui: ReactNode) {
  const handleError = createErrorHandler({
    notify: showToast,
    clearSession: () => undefined,
    redirectToLogin: () => undefined,
    schedule: () => undefined,
  });
  const queryClient = createQueryClient(handleError);
  render(
    <AppProvider queryClient={queryClient} env="test">
      <ModalsProvider labels={{ confirm: 'Confirm', cancel: 'Cancel' }}>
        <MemoryRouter>{ui}</MemoryRouter>
      </ModalsProvider>
    </AppProvider>,
  );
  return queryClient;
}
