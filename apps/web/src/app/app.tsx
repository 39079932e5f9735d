import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@/lib/router';
import { tokenStorage } from '@/lib/auth-token';
import { createErrorHandler } from '@/lib/error-handling';
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
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={appRouter()} />
    </QueryClientProvider>
  );
}
