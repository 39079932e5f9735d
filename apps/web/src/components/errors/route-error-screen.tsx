import { useRouteError } from '@/lib/router';
import { LazyCrashScreen } from './lazy-crash-screen';

/** The router catches errors thrown while rendering a route; they get the same crash screen. */
export function RouteErrorScreen() {
  const error = useRouteError();
  return <LazyCrashScreen error={error} />;
}
