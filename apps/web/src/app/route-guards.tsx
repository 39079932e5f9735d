import { useSyncExternalStore } from 'react';
import { Navigate, Outlet } from '@/lib/router';
import { AUTH_TOKEN_KEY, tokenStorage } from '@/lib/auth-token';
import { HOME_PATH, LOGIN_PATH } from './routes';

/** Changes of the stored token made by another tab (a browser fires 'storage' in the others only). */
function subscribeToOtherTabs(onChange: () => void): () => void {
  const listener = (event: StorageEvent) => {
    if (event.key === AUTH_TOKEN_KEY || event.key === null) onChange();
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}

/**
 * Protected routes redirect to login when there is no token (spec section 2). Within this tab the
 * token is read on each render rather than observed, so a session that just expired keeps its
 * screen for the 2 s the expiry warning shows before the shared handling redirects; a logout in
 * another tab sends this one to login at once instead of leaving it to fail call after call.
 */
export function RequireAuth() {
  const signedIn = useSyncExternalStore(subscribeToOtherTabs, () => tokenStorage.get() !== null);
  if (!signedIn || !tokenStorage.get()) return <Navigate to={LOGIN_PATH} replace />;
  return <Outlet />;
}

/** Unknown paths: to the campaign list when signed in, to login otherwise (spec section 2). */
export function UnknownRoute() {
  return <Navigate to={tokenStorage.get() ? HOME_PATH : LOGIN_PATH} replace />;
}
