import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { RouterProvider } from '@/lib/router';
import { tokenStorage } from '@/lib/auth-token';
import { loadClientConfig } from '@/lib/client-config';
import { createErrorHandler } from '@/lib/error-handling';
import { reportError } from '@/lib/error-reporting';
import { showToast } from '@/lib/notify';
import { createQueryClient } from './query-client';
import { createAppRouter, type AppRouter } from './router';
import { LOGIN_PATH } from './routes';

const handleError = createErrorHandler({
  notify: showToast,
  clearSession: () => tokenStorage.clear(),
  redirectToLogin: () => {
    void appRouter()
      .navigate(LOGIN_PATH, { replace: true })
      .then(() => queryClient.clear());
  },
  schedule: (run, delayMs) => {
    window.setTimeout(run, delayMs);
  },
  // Sends only when the deployment configured a Sentry DSN.
  report: reportError,
});

const queryClient = createQueryClient(handleError);

let router: AppRouter | null = null;

/** Made when first shown, so it starts from the address the login steps left the browser at. */
function appRouter(): AppRouter {
  router ??= createAppRouter(queryClient);
  return router;
}

/** The signed-in app and every public page but the login steps' first load (`entry/root.tsx`). */
export function App() {
  // Read once the first screen is committed, so it never delays it; a report or the widget
  // that comes later finds the answer there.
  useEffect(() => {
    void loadClientConfig();
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={appRouter()} />
    </QueryClientProvider>
  );
}
