import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from '@/lib/router';
import { LOGIN_PATH } from '@/app/routes';
import { tokenStorage } from '@/lib/auth-token';
import { showErrorToast } from '@/lib/notify';
import { logout } from '../api/logout';

/** Spec section 8: logout failure. */
export const LOGOUT_FAILED_MESSAGE = 'Logout Failed!';

/**
 * Logout ends the session on the server (`/accounts/logout`), then clears the token and the
 * cached user and goes to login (spec section 4). When the server call fails the user stays
 * signed in and sees 'Logout Failed!'.
 */
export function useLogout(serverLogout: () => Promise<unknown> = logout): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      await serverLogout();
    } catch {
      showErrorToast(LOGOUT_FAILED_MESSAGE);
      return;
    }
    tokenStorage.clear();
    await navigate(LOGIN_PATH, { replace: true });
    // After leaving the signed-in screens, so nothing refetches with the old session.
    queryClient.clear();
  }, [navigate, queryClient, serverLogout]);
}
