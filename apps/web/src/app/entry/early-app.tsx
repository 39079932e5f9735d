import { lazy, Suspense, useEffect, useMemo, useSyncExternalStore } from 'react';
import { LoginStartRoute } from '@/features/auth/early';
import { CardLoader } from '@/features/auth/components/card-loader';
import { SystemStatus } from '@/features/system-status';
import { NavProvider, type Nav } from '@/lib/nav';
import { matchesPattern } from '@/lib/path-pattern';
import { AuthFrame } from '../layouts/auth-frame';
import { publicRoutes } from '../routes';
import { historyNav } from '@/lib/router/history-nav';

const noSessionToReset = () => undefined;

// The password step (its field, its form) loads on the first interaction with the email step,
// so it is there by the time the email is sent; a visit that goes no further never loads it.
const loadPasswordStep = () => import('@/features/auth/routes/login-password');
const LoginPasswordRoute = lazy(async () => ({ default: (await loadPasswordStep()).LoginPasswordRoute }));
const INTENT_EVENTS = ['pointerdown', 'keydown', 'focusin'] as const;

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
    const prefetch = () => {
      for (const name of INTENT_EVENTS) window.removeEventListener(name, prefetch, true);
      void loadPasswordStep();
    };
    for (const name of INTENT_EVENTS) window.addEventListener(name, prefetch, true);
    return () => {
      for (const name of INTENT_EVENTS) window.removeEventListener(name, prefetch, true);
    };
  }, []);
  useEffect(() => {
    // The password step is one click from the app: fetch its code meanwhile (the email step,
    // the page most visits start on, stays light).
    if (password) void import('../app');
  }, [password]);
  return (
    <NavProvider value={nav}>
      <AuthFrame footer={<SystemStatus />}>
        {password ? (
          <Suspense fallback={<CardLoader label="Loading" />}>
            <LoginPasswordRoute />
          </Suspense>
        ) : (
          <LoginStartRoute />
        )}
      </AuthFrame>
    </NavProvider>
  );
}
