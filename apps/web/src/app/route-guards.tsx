import { Navigate, Outlet } from '@/lib/router';
import { tokenStorage } from '@/lib/auth-token';
import { HOME_PATH, LOGIN_PATH } from './routes';

/**
 * Protected routes redirect to login when there is no token (spec section 2). The token is read
 * on each render rather than observed, so a session that just expired keeps its screen for the
 * 2 s the expiry warning shows before the shared handling redirects.
 */
export function RequireAuth() {
  if (!tokenStorage.get()) return <Navigate to={LOGIN_PATH} replace />;
  return <Outlet />;
}

/** Unknown paths: to the campaign list when signed in, to login otherwise (spec section 2). */
export function UnknownRoute() {
  return <Navigate to={tokenStorage.get() ? HOME_PATH : LOGIN_PATH} replace />;
}
