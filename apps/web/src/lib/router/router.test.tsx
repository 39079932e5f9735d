import type { ReactElement } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createBrowserRouter,
  createMemoryRouter,
  Link,
  Outlet,
  redirect,
  RouterProvider,
  useBlocker,
  useLocation,
  useParams,
  useRouteError,
  useSearchParams,
  type RouteObject,
  type Router,
} from '.';

function Screen({ name }: { name: string }) {
  const params = useParams();
  const { pathname } = useLocation();
  return (
    <p>
      {name} {JSON.stringify(params)} at {pathname}
    </p>
  );
}

function Frame() {
  return (
    <main>
      <h1>Frame</h1>
      <Outlet />
    </main>
  );
}

function Failure() {
  const error = useRouteError();
  return <p role="alert">Failed: {error instanceof Error ? error.message : String(error)}</p>;
}

/** Resolves a lazy route when the test says so. */
function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function show(router: Router) {
  render(<RouterProvider router={router} />);
  return router;
}

describe('the router', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('picks static segments before parameters, whatever the order, and decodes parameters', async () => {
    const routes: RouteObject[] = [
      {
        element: <Frame />,
        children: [
          { path: '/salesforce/:id', element: <Screen name="detail" /> },
          { path: '/salesforce/oauth.complete', element: <Screen name="oauth" /> },
          { path: '*', element: <Screen name="unknown" /> },
        ],
      },
    ];
    const router = show(createMemoryRouter(routes, { initialEntries: ['/salesforce/oauth.complete'] }));
    expect(await screen.findByText('oauth {} at /salesforce/oauth.complete')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Frame' })).toBeTruthy();
    await act(() => router.navigate('/salesforce/a%20b'));
    expect(screen.getByText('detail {"id":"a b"} at /salesforce/a%20b')).toBeTruthy();
    await act(() => router.navigate('/elsewhere'));
    expect(screen.getByText('unknown {} at /elsewhere')).toBeTruthy();
  });

  it('shows the fallback while the first page loads, and keeps the page shown while the next one loads', async () => {
    const next = deferred<{ Component: () => ReactElement }>();
    const routes: RouteObject[] = [
      {
        hydrateFallbackElement: <p>Loading</p>,
        children: [
          { path: '/one', lazy: async () => ({ element: <Screen name="one" /> }) },
          { path: '/two', lazy: () => next.promise },
        ],
      },
    ];
    const router = show(createMemoryRouter(routes, { initialEntries: ['/one'] }));
    expect(screen.getByText('Loading')).toBeTruthy();
    expect(await screen.findByText('one {} at /one')).toBeTruthy();
    let arrived = false;
    void router.navigate('/two').then(() => (arrived = true));
    await act(async () => undefined);
    expect(screen.getByText('one {} at /one')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/one');
    expect(arrived).toBe(false);
    await act(async () => next.resolve({ Component: () => <Screen name="two" /> }));
    await waitFor(() => expect(arrived).toBe(true));
    expect(screen.getByText('two {} at /two')).toBeTruthy();
  });

  it('drops a navigation overtaken by a later one', async () => {
    const slow = deferred<{ element: ReactElement }>();
    const routes: RouteObject[] = [
      { path: '/start', element: <Screen name="start" /> },
      { path: '/slow', lazy: () => slow.promise },
      { path: '/fast', element: <Screen name="fast" /> },
    ];
    const router = show(createMemoryRouter(routes, { initialEntries: ['/start'] }));
    void router.navigate('/slow');
    await act(() => router.navigate('/fast'));
    await act(async () => slow.resolve({ element: <Screen name="slow" /> }));
    expect(screen.getByText('fast {} at /fast')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/fast');
  });

  it('shows the nearest error element when a screen throws or its code fails to load, and recovers on the next page', async () => {
    const Throws = () => {
      throw new Error('render broke');
    };
    const routes: RouteObject[] = [
      {
        element: <Frame />,
        errorElement: <Failure />,
        children: [
          { path: '/throws', element: <Throws /> },
          { path: '/missing', lazy: () => Promise.reject(new Error('chunk missing')) },
          { path: '/fine', element: <Screen name="fine" /> },
        ],
      },
    ];
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = show(createMemoryRouter(routes, { initialEntries: ['/throws'] }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed: render broke');
    await act(() => router.navigate('/fine'));
    expect(screen.getByText('fine {} at /fine')).toBeTruthy();
    await act(() => router.navigate('/missing'));
    expect(screen.getByRole('alert').textContent).toBe('Failed: chunk missing');
    quiet.mockRestore();
  });

  it("goes where a loader's redirect says, in place of the address it was given", async () => {
    const routes: RouteObject[] = [
      { path: '/home', element: <Screen name="home" /> },
      {
        path: '/with-token',
        loader: ({ request }) => redirect(new URL(request.url).searchParams.get('to') ?? '/home'),
        element: null,
      },
    ];
    const router = show(createMemoryRouter(routes, { initialEntries: ['/with-token?to=/home'] }));
    expect(await screen.findByText('home {} at /home')).toBeTruthy();
    await act(() => router.navigate(-1));
    // Nothing to go back to: the redirect replaced the entry.
    expect(router.state.location.pathname).toBe('/home');
  });

  it('sets the query of the current path, from the current query', async () => {
    function Query() {
      const [params, setParams] = useSearchParams();
      return (
        <button
          type="button"
          onClick={() =>
            setParams((current) => {
              const next = new URLSearchParams(current);
              next.set('add', 'true');
              return next;
            })
          }
        >
          page {params.get('page')} add {params.get('add') ?? 'no'}
        </button>
      );
    }
    const router = show(
      createMemoryRouter([{ path: '/lists', element: <Query /> }], { initialEntries: ['/lists?page=2'] }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'page 2 add no' }));
    expect(await screen.findByRole('button', { name: 'page 2 add true' })).toBeTruthy();
    expect(router.state.location.search).toBe('?page=2&add=true');
  });

  it('follows an in-app link in place, and leaves a modified click to the browser', async () => {
    const routes: RouteObject[] = [
      { path: '/a', element: <Link to="/b?x=1">To B</Link> },
      { path: '/b', element: <Screen name="b" /> },
    ];
    const router = show(createMemoryRouter(routes, { initialEntries: ['/a'] }));
    const link = await screen.findByRole('link', { name: 'To B' });
    expect(link.getAttribute('href')).toBe('/b?x=1');
    // The browser's own handling (a new tab) is not the router's to test.
    const toNewTab = (event: MouseEvent) => event.preventDefault();
    window.addEventListener('click', toNewTab);
    await act(async () => void fireEvent.click(link, { ctrlKey: true }));
    window.removeEventListener('click', toNewTab);
    expect(router.state.location.pathname).toBe('/a');
    fireEvent.click(link);
    expect(await screen.findByText('b {} at /b')).toBeTruthy();
    expect(router.state.location.search).toBe('?x=1');
  });

  describe('blockers', () => {
    function Guarded() {
      const blocker = useBlocker(
        ({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname,
      );
      return (
        <div>
          <p>state {blocker.state}</p>
          {blocker.state === 'blocked' && (
            <>
              <p>to {blocker.location.pathname}</p>
              <button type="button" onClick={blocker.proceed}>
                Leave
              </button>
              <button type="button" onClick={blocker.reset}>
                Stay
              </button>
            </>
          )}
        </div>
      );
    }

    const routes: RouteObject[] = [
      { path: '/list', element: <Screen name="list" /> },
      { path: '/edit', element: <Guarded /> },
    ];

    it('hold a navigation until the user leaves, or stay on the page', async () => {
      const router = show(createMemoryRouter(routes, { initialEntries: ['/edit'] }));
      await screen.findByText('state unblocked');
      await act(() => router.navigate('/list'));
      expect(screen.getByText('to /list')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Stay' }));
      expect(screen.getByText('state unblocked')).toBeTruthy();
      expect(router.state.location.pathname).toBe('/edit');
      await act(() => router.navigate('/list'));
      fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
      expect(await screen.findByText('list {} at /list')).toBeTruthy();
    });

    it('hold a back move in the browser: the address goes forward again, and back once the user leaves', async () => {
      window.history.replaceState(null, '', '/list');
      const router = show(createBrowserRouter(routes));
      await screen.findByText('list {} at /list');
      await act(() => router.navigate('/edit'));
      await screen.findByText('state unblocked');
      expect(window.history.state).toMatchObject({ idx: 1 });
      act(() => window.history.back());
      expect(await screen.findByText('to /list')).toBeTruthy();
      await waitFor(() => expect(window.location.pathname).toBe('/edit'));
      fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
      expect(await screen.findByText('list {} at /list')).toBeTruthy();
      expect(window.location.pathname).toBe('/list');
      expect(window.history.state).toMatchObject({ idx: 0 });
    });
  });
});
