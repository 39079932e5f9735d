import { RouterProvider } from 'react-router-dom';
import { tokenStorage } from '@/lib/auth-token';
import { createErrorHandler } from '@/lib/error-handling';
import { showToast } from '@/lib/notify';
import { AppProvider } from './provider';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';
import { LOGIN_PATH } from './routes';

const handleError = createErrorHandler({
  notify: showToast,
  clearSession: () => tokenStorage.clear(),
  redirectToLogin: () => {
    void router.navigate(LOGIN_PATH, { replace: true }).then(() => queryClient.clear());
  },
  schedule: (run, delayMs) => {
    window.setTimeout(run, delayMs);
  },
});

const queryClient = createQueryClient(handleError);
const router = createAppRouter(queryClient);

export function App() {
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
