import type { QueryClient } from '@tanstack/react-query';
import { redirect, type LoaderFunctionArgs } from '@/lib/router';
import { HOME_PATH, LOGIN_PATH } from '@/app/routes';
import { tokenStorage } from '@/lib/auth-token';
import { sessionKeys } from '../api/get-session';

/**
 * /internal/login-with-token?token=...: stores the token and goes to campaigns; without a token,
 * goes to login (spec section 2).
 */
export function createLoginWithTokenLoader(queryClient: QueryClient) {
  return ({ request }: LoaderFunctionArgs) => {
    const token = new URL(request.url).searchParams.get('token');
    if (!token) return redirect(LOGIN_PATH);
    tokenStorage.set(token);
    queryClient.removeQueries({ queryKey: sessionKeys.all });
    return redirect(HOME_PATH);
  };
}
