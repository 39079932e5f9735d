import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { HOME_PATH } from '@/app/routes';
import { tokenStorage } from '@/lib/auth-token';
import { sessionKeys } from '../api/get-session';

/**
 * After a login (password or single sign-on): keep the token, forget any earlier user, and go
 * to the campaigns.
 */
export function useStartSession(): (token: string) => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    async (token: string) => {
      tokenStorage.set(token);
      queryClient.removeQueries({ queryKey: sessionKeys.all });
      await navigate(HOME_PATH, { replace: true });
    },
    [navigate, queryClient],
  );
}
