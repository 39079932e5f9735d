import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { FullPageLoader } from '@/components/layout/full-page-loader';
import { BaseProvider } from '../base-provider';
import { EarlyApp } from './early-app';
import { isEarlyPage } from './early-pages';
import { historyNav } from '@/lib/router/history-nav';

const App = lazy(async () => ({ default: (await import('../app')).App }));

/**
 * Decides by path: the login steps render at once, without the router; any other page loads the
 * full app, which from then on handles every path (the login steps included) until the next
 * document load.
 */
export function Root() {
  useSyncExternalStore(historyNav.subscribe, historyNav.snapshot);
  const early = isEarlyPage(window.location.pathname);
  const [inApp, setInApp] = useState(!early);
  if (!inApp && !early) setInApp(true);
  return (
    <BaseProvider>
      {inApp ? (
        <Suspense fallback={<FullPageLoader />}>
          <App />
        </Suspense>
      ) : (
        <EarlyApp />
      )}
    </BaseProvider>
  );
}
