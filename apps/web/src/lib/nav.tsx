import {
  createContext,
  useContext,
  useEffect,
  useRef,
  type ComponentPropsWithRef,
  type MouseEvent,
} from 'react';

/**
 * The navigation the public screens use. The signed-in app provides it from its router
 * (`app/router-nav-bridge`); the login steps' first load provides it from the browser history
 * (`app/entry/history-nav`), so those screens run without the router's code.
 */
export interface NavLocation {
  pathname: string;
  search: string;
  /** The state the navigation carried (e.g. a message from a step that sent the user back). */
  state: unknown;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export interface Nav {
  location: NavLocation;
  navigate: (to: string, options?: NavigateOptions) => Promise<void>;
  /** Forgets the cached session after a login, so the app shows the new user. */
  resetSession: () => void;
}

const NavContext = createContext<Nav | null>(null);

export const NavProvider = NavContext.Provider;

export function useNav(): Nav {
  const nav = useContext(NavContext);
  if (!nav) throw new Error('useNav needs a NavProvider');
  return nav;
}

export function useSearch(): URLSearchParams {
  return new URLSearchParams(useNav().location.search);
}

export type LinkProps = Omit<ComponentPropsWithRef<'a'>, 'href'> & NavigateOptions & { to: string };

function opensElsewhere(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
  return event.button !== 0 || modified || (target !== undefined && target !== '_self');
}

/** An in-app link: a real `href` (new tabs, copying), navigated in place on a plain click. */
export function Link({ to, replace, state, onClick, ...rest }: LinkProps) {
  const nav = useNav();
  return (
    <a
      {...rest}
      href={to}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || opensElsewhere(event, rest.target)) return;
        event.preventDefault();
        void nav.navigate(to, { replace, state });
      }}
    />
  );
}

/** Navigates once it renders, like the router's `<Navigate>`. */
export function Redirect({ to, replace, state }: NavigateOptions & { to: string }) {
  const { navigate } = useNav();
  const done = useRef(false);
  useEffect(() => {
    // Once: a second effect run (strict mode) must not add a second history entry.
    if (done.current) return;
    done.current = true;
    void navigate(to, { replace, state });
  }, [navigate, to, replace, state]);
  return null;
}
