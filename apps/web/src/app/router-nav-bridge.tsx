import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Outlet, useLocation, useNavigate } from '@/lib/router';
import { sessionKeys } from '@/features/auth/api/get-session';
import { NavProvider, type Nav } from '@/lib/nav';

/** Gives the screens written against `@/lib/nav` the router's location and navigation. */
export function RouterNavBridge() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const nav = useMemo<Nav>(
    () => ({
      location: { pathname: location.pathname, search: location.search, state: location.state as unknown },
      navigate: async (to, options) => navigate(to, options),
      resetSession: () => queryClient.removeQueries({ queryKey: sessionKeys.all }),
    }),
    [location.pathname, location.search, location.state, navigate, queryClient],
  );
  return (
    <NavProvider value={nav}>
      <Outlet />
    </NavProvider>
  );
}
