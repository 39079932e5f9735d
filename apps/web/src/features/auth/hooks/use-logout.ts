import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { LOGIN_PATH } from '@/app/routes';
import { tokenStorage } from '@/lib/auth-token';
import { showErrorToast } from '@/lib/notify';

/** Spec section 8: logout failure. */
export const LOGOUT_FAILED_MESSAGE = 'Logout Failed!';

/**
 * Logout clears the token and the cached user and goes to login (spec section 4).
 * `serverLogout` is the server call to make first, e.g. a self-handled mutation's `mutateAsync`;
 * when it fails the user stays signed in and sees 'Logout Failed!'.
 */
export function useLogout(serverLogout?: () => Promise<unknown>): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    if (serverLogout) {
      try {
        await serverLogout();
      } catch {
        showErrorToast(LOGOUT_FAILED_MESSAGE);
        return;
      }
    }
    tokenStorage.clear();
    await navigate(LOGIN_PATH, { replace: true });
    // After leaving the signed-in screens, so nothing refetches with the old session.
    queryClient.clear();
  }, [navigate, queryClient, serverLogout]);
}
