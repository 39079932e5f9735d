import type { ComponentType, ReactNode } from 'react';
import { matchPattern, patternRank } from '../path-pattern';
import {
  createBrowserHistory,
  createMemoryHistory,
  parsePath,
  type RouterHistory,
  type RouterLocation,
} from './history';

export interface LoaderFunctionArgs {
  request: { url: string };
  params: Record<string, string>;
}

/** What `lazy` gives a route when its code has loaded. */
type LazyRoute = Pick<RouteObject, 'Component' | 'element'>;

/**
 * A route: a layout (with `children`, rendered around them through `<Outlet />`) or a screen at
 * a `path` pattern (absolute, `:name` parameters, `*` for any path) or at the `index` path `/`.
 */
export interface RouteObject {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  Component?: ComponentType | null;
  /** Loaded before the route first shows; the screen stays on the previous page meanwhile. */
  lazy?: () => Promise<LazyRoute>;
  /** Runs before the route shows; a `redirect()` it returns goes there instead. */
  loader?: (args: LoaderFunctionArgs) => unknown;
  /** Shown instead of the route (and what it holds) when rendering or loading it failed. */
  errorElement?: ReactNode;
  /** Shown while the first page's code loads. */
  hydrateFallbackElement?: ReactNode;
  children?: RouteObject[];
}

export interface RouteMatch {
  route: RouteObject;
  params: Record<string, string>;
}

export interface RouterState {
  location: RouterLocation;
  /** From the outermost layout to the screen. */
  matches: RouteMatch[];
  /** False until the first page's code has loaded. */
  initialized: boolean;
  /** Why the page's code or loader failed (shown by the nearest `errorElement`). */
  error: { value: unknown } | null;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export type Blocker =
  | { state: 'unblocked'; location?: undefined; proceed?: undefined; reset?: undefined }
  | { state: 'blocked'; location: RouterLocation; proceed: () => void; reset: () => void }
  | { state: 'proceeding'; location: RouterLocation; proceed?: undefined; reset?: undefined };

export type BlockerFunction = (args: {
  currentLocation: RouterLocation;
  nextLocation: RouterLocation;
}) => boolean;

const UNBLOCKED: Blocker = { state: 'unblocked' };

class RouteRedirect {
  constructor(readonly to: string) {}
}

/** For a loader: go to `to` instead. */
export function redirect(to: string): RouteRedirect {
  return new RouteRedirect(to);
}

/** Every layout-to-screen path through the routes, best-ranked first (then in their order). */
function branchesOf(
  routes: readonly RouteObject[],
  parents: RouteObject[] = [],
): { routes: RouteObject[]; rank: number }[] {
  return routes.flatMap((route) => {
    const chain = [...parents, route];
    if (route.children) return branchesOf(route.children, chain);
    if (route.index) return [{ routes: chain, rank: patternRank('/') + 0.5 }];
    return route.path === undefined ? [] : [{ routes: chain, rank: patternRank(route.path) }];
  });
}

function matchRoutes(branches: ReturnType<typeof branchesOf>, pathname: string): RouteMatch[] {
  for (const branch of branches) {
    const leaf = branch.routes[branch.routes.length - 1]!;
    const params = leaf.index ? (/^\/*$/.test(pathname) ? {} : null) : matchPattern(leaf.path!, pathname);
    if (params) return branch.routes.map((route) => ({ route, params }));
  }
  return [];
}

const loading = new WeakMap<RouteObject, Promise<void>>();

function loadRoute(route: RouteObject): Promise<void> {
  const { lazy } = route;
  if (!lazy) return Promise.resolve();
  let done = loading.get(route);
  if (!done) {
    done = lazy().then(
      (loaded) => void Object.assign(route, loaded, { lazy: undefined }),
      (error: unknown) => {
        // The next visit tries again (a chunk that failed to download may come the next time).
        loading.delete(route);
        throw error;
      },
    );
    loading.set(route, done);
  }
  return done;
}

/**
 * The app's router: matches the address to a chain of routes, loads their code (and runs their
 * loaders) before showing them, writes the history, and asks the blockers before leaving a page.
 */
export class Router {
  state: RouterState;
  private readonly branches: ReturnType<typeof branchesOf>;
  private readonly listeners = new Set<() => void>();
  private readonly blockers = new Map<string, { shouldBlock: BlockerFunction; blocker: Blocker }>();
  /** The latest navigation: an earlier one still loading is dropped. */
  private navigation = 0;
  private index: number;
  /** Moves the router made itself to undo a blocked back or forward move. */
  private undoMoves = 0;
  /** A blocked navigation that the user let go: not asked again. */
  private proceeding = false;

  constructor(
    routes: RouteObject[],
    private readonly history: RouterHistory,
  ) {
    this.branches = branchesOf(routes).sort((a, b) => b.rank - a.rank);
    const location = history.location();
    this.index = history.index();
    this.state = {
      location,
      matches: matchRoutes(this.branches, location.pathname),
      initialized: false,
      error: null,
    };
    history.listen(() => this.onMove());
    void this.load(location, ++this.navigation, null, true);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  navigate = (to: string | number, options: NavigateOptions = {}): Promise<void> => {
    if (typeof to === 'number') {
      this.history.go(to);
      return Promise.resolve();
    }
    const state = options.state ?? null;
    const next = { ...parsePath(to, this.state.location.pathname), state, key: '' };
    if (this.blocked(next, () => void this.navigate(to, options))) return Promise.resolve();
    const path = `${next.pathname}${next.search}${next.hash}`;
    const write = () => {
      if (options.replace) this.history.replace(path, state);
      else this.history.push(path, state);
    };
    return this.load(next, ++this.navigation, write, options.replace ?? false);
  };

  /** The blocker `id` as it stands (the same object until it changes). */
  blocker(id: string): Blocker {
    return this.blockers.get(id)?.blocker ?? UNBLOCKED;
  }

  addBlocker(id: string, shouldBlock: BlockerFunction): () => void {
    this.blockers.set(id, { shouldBlock, blocker: UNBLOCKED });
    return () => {
      this.blockers.delete(id);
    };
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }

  private blocked(next: RouterLocation, proceed: () => void): boolean {
    if (this.proceeding) {
      this.proceeding = false;
      return false;
    }
    for (const entry of this.blockers.values()) {
      if (entry.blocker.state !== 'unblocked') continue;
      if (!entry.shouldBlock({ currentLocation: this.state.location, nextLocation: next })) continue;
      entry.blocker = {
        state: 'blocked',
        location: next,
        proceed: () => {
          entry.blocker = { state: 'proceeding', location: next };
          this.proceeding = true;
          this.notify();
          proceed();
        },
        reset: () => {
          entry.blocker = UNBLOCKED;
          this.notify();
        },
      };
      this.notify();
      return true;
    }
    return false;
  }

  /** Back or forward: the address has changed already. */
  private onMove(): void {
    const index = this.history.index();
    const delta = index - this.index;
    if (this.undoMoves > 0) {
      this.undoMoves -= 1;
      return;
    }
    const next = this.history.location();
    if (delta !== 0 && this.blocked(next, () => this.history.go(delta))) {
      this.undoMoves += 1;
      this.history.go(-delta);
      return;
    }
    this.index = index;
    void this.load(next, ++this.navigation, null, true);
  }

  private async load(
    next: RouterLocation,
    navigation: number,
    write: (() => void) | null,
    replace: boolean,
  ): Promise<void> {
    const matches = matchRoutes(this.branches, next.pathname);
    let error: RouterState['error'] = null;
    try {
      await Promise.all(matches.map((m) => loadRoute(m.route)));
      for (const { route, params } of matches) {
        if (!route.loader) continue;
        const url = new URL(`${next.pathname}${next.search}`, window.location.origin).href;
        const result = await route.loader({ request: { url }, params });
        if (result instanceof RouteRedirect) {
          if (navigation === this.navigation) await this.navigate(result.to, { replace: replace || !write });
          return;
        }
      }
    } catch (failure) {
      error = { value: failure };
    }
    if (navigation !== this.navigation) return;
    write?.();
    this.index = this.history.index();
    for (const entry of this.blockers.values())
      if (entry.blocker.state === 'proceeding') entry.blocker = UNBLOCKED;
    this.state = { location: this.history.location(), matches, initialized: true, error };
    this.notify();
  }
}

export function createBrowserRouter(routes: RouteObject[]): Router {
  return new Router(routes, createBrowserHistory());
}

export function createMemoryRouter(
  routes: RouteObject[],
  options: { initialEntries?: string[] } = {},
): Router {
  return new Router(routes, createMemoryHistory(options.initialEntries));
}
