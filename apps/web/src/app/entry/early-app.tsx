import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { LoginPasswordRoute, LoginStartRoute } from '@/features/auth/early';
import { SystemStatus } from '@/features/system-status';
import { NavProvider, type Nav } from '@/lib/nav';
import { matchesPattern } from '@/lib/path-pattern';
import { AuthFrame } from '../layouts/auth-frame';
import { publicRoutes } from '../routes';
import { historyNav } from '@/lib/router/history-nav';

const noSessionToReset = () => undefined;

/** The login steps in their card, with the service status under it, on the browser history. */
export function EarlyApp() {
  const snapshot = useSyncExternalStore(historyNav.subscribe, historyNav.snapshot);
  const nav = useMemo<Nav>(
    () => ({
      location: historyNav.location(),
      navigate: historyNav.navigate,
      resetSession: noSessionToReset,
    }),
    // A new location for every history entry.
    [snapshot],
  );
  const password = matchesPattern(publicRoutes.loginPassword.pattern, nav.location.pathname);
  useEffect(() => {
    // The password step is one click from the app: fetch its code meanwhile (the email step,
    // the page most visits start on, stays light).
    if (password) void import('../app');
  }, [password]);
  return (
    <NavProvider value={nav}>
      <AuthFrame footer={<SystemStatus />}>
        {password ? <LoginPasswordRoute /> : <LoginStartRoute />}
      </AuthFrame>
    </NavProvider>
  );
}
