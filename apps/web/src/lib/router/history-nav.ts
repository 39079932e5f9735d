import type { NavigateOptions, NavLocation } from '@/lib/nav';

/**
 * The browser history for the pages shown before the router loads. Entries are written the way
 * the router writes them (`{usr, key, idx}`), so when it takes over it reads the same state and
 * position, and back and forward work across the hand-over.
 */
interface EntryState {
  usr?: unknown;
  key?: string;
  idx?: number;
}

const listeners = new Set<() => void>();

function entry(): EntryState {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null ? (state as EntryState) : {};
}

function newKey(): string {
  return Math.random().toString(36).slice(2, 10);
}

function notify(): void {
  for (const listener of listeners) listener();
}

export const historyNav = {
  /** Gives the first entry a position, as the router does when it starts. */
  start(): void {
    const state = entry();
    if (state.idx === undefined) {
      window.history.replaceState({ usr: state.usr ?? null, key: state.key ?? 'default', idx: 0 }, '');
    }
  },

  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    window.addEventListener('popstate', listener);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('popstate', listener);
    };
  },

  /** Changes with every entry, also between two entries of the same address. */
  snapshot(): string {
    return `${window.location.pathname}${window.location.search}#${entry().key ?? ''}`;
  },

  location(): NavLocation {
    return { pathname: window.location.pathname, search: window.location.search, state: entry().usr ?? null };
  },

  navigate(to: string, options: NavigateOptions = {}): Promise<void> {
    const position = entry().idx ?? 0;
    const next: EntryState = {
      usr: options.state ?? null,
      key: newKey(),
      idx: options.replace ? position : position + 1,
    };
    if (options.replace) window.history.replaceState(next, '', to);
    else window.history.pushState(next, '', to);
    notify();
    return Promise.resolve();
  },
};
