import { useCallback } from 'react';
import { HOME_PATH } from '@/app/routes';
import { tokenStorage } from '@/lib/auth-token';
import { useNav } from '@/lib/nav';

/**
 * After a login (password or single sign-on): keep the token, forget any earlier user, and go
 * to the campaigns.
 */
export function useStartSession(): (token: string) => Promise<void> {
  const { navigate, resetSession } = useNav();
  return useCallback(
    async (token: string) => {
      tokenStorage.set(token);
      resetSession();
      await navigate(HOME_PATH, { replace: true });
    },
    [navigate, resetSession],
  );
}
