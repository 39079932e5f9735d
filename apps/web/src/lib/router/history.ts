import { historyNav } from './history-nav';

export interface RouterLocation {
  pathname: string;
  search: string;
  hash: string;
  /** What the navigation carried (`navigate(to, { state })`). */
  state: unknown;
  /** Differs between two entries of the same address. */
  key: string;
}

/** Where the router keeps its entries: the browser's history, or an array in tests. */
export interface RouterHistory {
  location(): RouterLocation;
  /** The position of the current entry: a back or forward move is measured with it. */
  index(): number;
  push(to: string, state: unknown): void;
  replace(to: string, state: unknown): void;
  go(delta: number): void;
  /** Back and forward moves (not push or replace); returns the unsubscribe. */
  listen(onMove: () => void): () => void;
}

interface EntryState {
  usr?: unknown;
  key?: string;
  idx?: number;
}

function browserEntry(): EntryState {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null ? (state as EntryState) : {};
}

/** The browser's history, with entries in the format the login steps' first load writes. */
export function createBrowserHistory(): RouterHistory {
  historyNav.start();
  return {
    location: () => {
      const entry = browserEntry();
      const { pathname, search, hash } = window.location;
      return { pathname, search, hash, state: entry.usr ?? null, key: entry.key ?? 'default' };
    },
    index: () => browserEntry().idx ?? 0,
    push: (to, state) => void historyNav.navigate(to, { state }),
    replace: (to, state) => void historyNav.navigate(to, { state, replace: true }),
    go: (delta) => window.history.go(delta),
    listen: (onMove) => {
      window.addEventListener('popstate', onMove);
      return () => window.removeEventListener('popstate', onMove);
    },
  };
}

/** Splits `/path?query#hash` (a `?query` alone keeps the current path). */
export function parsePath(
  to: string,
  currentPathname: string,
): Pick<RouterLocation, 'pathname' | 'search' | 'hash'> {
  const url = new URL(to, `http://in-app${currentPathname}`);
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

let memoryKeys = 0;

/** Entries in memory (tests): moves are reported after the call, as the browser does. */
export function createMemoryHistory(initialEntries: readonly string[] = ['/']): RouterHistory {
  const entries = initialEntries.map((path) => ({
    path,
    state: null as unknown,
    key: `m${(memoryKeys += 1)}`,
  }));
  let current = entries.length - 1;
  const listeners = new Set<() => void>();
  const write = (to: string, state: unknown, at: number) => {
    entries[at] = { path: to, state, key: `m${(memoryKeys += 1)}` };
  };
  return {
    location: () => {
      const entry = entries[current]!;
      return { ...parsePath(entry.path, '/'), state: entry.state, key: entry.key };
    },
    index: () => current,
    push: (to, state) => {
      entries.splice(current + 1);
      current += 1;
      write(to, state, current);
    },
    replace: (to, state) => write(to, state, current),
    go: (delta) => {
      const next = Math.min(entries.length - 1, Math.max(0, current + delta));
      if (next === current) return;
      current = next;
      setTimeout(() => listeners.forEach((listener) => listener()), 0);
    },
    listen: (onMove) => {
      listeners.add(onMove);
      return () => listeners.delete(onMove);
    },
  };
}
