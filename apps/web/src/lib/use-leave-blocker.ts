import { useEffect } from 'react';
import { type Blocker, useBlocker } from '@/lib/router';

/**
 * While `when`, blocks in-app navigation to another page (the caller asks, then proceeds or resets
 * the blocker) and has the browser ask before closing or reloading the tab.
 */
export function useLeaveBlocker(when: boolean): Blocker {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!when) return undefined;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when]);

  return blocker;
}
