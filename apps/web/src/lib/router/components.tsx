import {
  Component,
  createContext,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { Link, NavProvider, Redirect, type Nav, type NavigateOptions } from '../nav';
import type { RouterLocation } from './history';
import {
  createMemoryRouter,
  type Blocker,
  type BlockerFunction,
  type RouteMatch,
  type Router,
  type RouterState,
} from './router';

const RouterContext = createContext<{ router: Router; state: RouterState } | null>(null);
const MatchContext = createContext<{ matches: RouteMatch[]; index: number }>({ matches: [], index: -1 });
const ErrorContext = createContext<unknown>(undefined);

function useRouterContext() {
  const context = useContext(RouterContext);
  if (!context) throw new Error('Router hooks need a RouterProvider');
  return context;
}

const noSessionToReset = () => undefined;

class RouteErrorBoundary extends Component<
  { fallback: ReactNode; resetKey: string; children: ReactNode },
  { error: { value: unknown } | null; resetKey: string }
> {
  override state = { error: null as { value: unknown } | null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(value: unknown) {
    return { error: { value } };
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: { resetKey: string }) {
    // Another page: its screen gets a fresh try.
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return <ErrorContext.Provider value={error.value}>{this.props.fallback}</ErrorContext.Provider>;
  }
}

function renderMatch(matches: RouteMatch[], index: number, location: RouterLocation): ReactNode {
  const match = matches[index];
  if (!match) return null;
  const { route } = match;
  const View = route.Component;
  const content = route.element !== undefined ? route.element : View ? <View /> : <Outlet />;
  const node = <MatchContext.Provider value={{ matches, index }}>{content}</MatchContext.Provider>;
  if (route.errorElement === undefined) return node;
  return (
    <RouteErrorBoundary fallback={route.errorElement} resetKey={`${location.pathname}#${location.key}`}>
      {node}
    </RouteErrorBoundary>
  );
}

/** The router's contexts around `children`, the in-app navigation (`@/lib/nav`) included. */
function RouterFrame({ router, children }: { router: Router; children: (state: RouterState) => ReactNode }) {
  const state = useSyncExternalStore(router.subscribe, () => router.state);
  const nav = useMemo<Nav>(
    () => ({
      location: {
        pathname: state.location.pathname,
        search: state.location.search,
        state: state.location.state,
      },
      navigate: router.navigate,
      resetSession: noSessionToReset,
    }),
    [router, state.location],
  );
  return (
    <RouterContext.Provider value={{ router, state }}>
      <NavProvider value={nav}>{children(state)}</NavProvider>
    </RouterContext.Provider>
  );
}

function routeContent(state: RouterState): ReactNode {
  if (!state.initialized) {
    return (
      state.matches.find((m) => m.route.hydrateFallbackElement !== undefined)?.route.hydrateFallbackElement ??
      null
    );
  }
  if (state.error) {
    const errorElement = [...state.matches].reverse().find((m) => m.route.errorElement !== undefined)
      ?.route.errorElement;
    if (errorElement === undefined) throw state.error.value;
    return <ErrorContext.Provider value={state.error.value}>{errorElement}</ErrorContext.Provider>;
  }
  return renderMatch(state.matches, 0, state.location);
}

/** Renders the matched routes; the first page's fallback while its code loads. */
export function RouterProvider({ router }: { router: Router }) {
  return <RouterFrame router={router}>{routeContent}</RouterFrame>;
}

/** A router in memory around `children` (tests of one screen part). */
export function MemoryRouter({
  children,
  initialEntries,
}: {
  children: ReactNode;
  initialEntries?: string[];
}) {
  const [router] = useState(() => createMemoryRouter([{ path: '*' }], { initialEntries }));
  return <RouterFrame router={router}>{() => children}</RouterFrame>;
}

/** Where a layout shows the route it holds. */
export function Outlet() {
  const { matches, index } = useContext(MatchContext);
  const { state } = useRouterContext();
  return renderMatch(matches, index + 1, state.location);
}

export function useLocation(): RouterLocation {
  return useRouterContext().state.location;
}

export function useNavigate(): (to: string | number, options?: NavigateOptions) => Promise<void> {
  return useRouterContext().router.navigate;
}

/** The `:name` parameters of the current route, decoded. */
export function useParams<
  T extends Record<string, string | undefined> = Record<string, string | undefined>,
>(): T {
  const { matches } = useContext(MatchContext);
  return (matches[matches.length - 1]?.params ?? {}) as T;
}

type SearchInit = URLSearchParams | Record<string, string> | string;

/** The address's query, and a setter that navigates to the same path with another query. */
export function useSearchParams(): [
  URLSearchParams,
  (next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => void,
] {
  const { router, state } = useRouterContext();
  const { search } = state.location;
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = (
    next: SearchInit | ((current: URLSearchParams) => SearchInit),
    options?: NavigateOptions,
  ) => {
    const { pathname, search: latest } = router.state.location;
    const value = typeof next === 'function' ? next(new URLSearchParams(latest)) : next;
    const query = new URLSearchParams(value).toString();
    void router.navigate(`${pathname}${query ? `?${query}` : ''}`, options);
  };
  return [params, setParams];
}

/** The error an `errorElement` stands in for. */
export function useRouteError(): unknown {
  return useContext(ErrorContext);
}

/**
 * Holds in-app navigation while `shouldBlock` says so: the blocker turns 'blocked', and the
 * caller proceeds or resets it.
 */
export function useBlocker(shouldBlock: BlockerFunction): Blocker {
  const { router } = useRouterContext();
  const id = useId();
  const latest = useRef(shouldBlock);
  useEffect(() => {
    latest.current = shouldBlock;
  });
  useEffect(() => router.addBlocker(id, (args) => latest.current(args)), [router, id]);
  return useSyncExternalStore(router.subscribe, () => router.blocker(id));
}

export { Link, Redirect as Navigate };
