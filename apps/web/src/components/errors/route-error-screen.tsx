import { useRouteError } from '@/lib/router';
import { CrashScreen } from './crash-screen';

/** The router catches errors thrown while rendering a route; they get the same crash screen. */
export function RouteErrorScreen() {
  const error = useRouteError();
  return <CrashScreen error={error} />;
}
