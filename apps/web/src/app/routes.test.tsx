import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '@/lib/router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_KEY } from '@/lib/auth-token';
import { AppProvider } from './provider';
import { createQueryClient } from './query-client';
import { createAppRoutes } from './router';
import { protectedRoutes, publicRoutes } from './routes';

function renderAt(path: string) {
  const queryClient = createQueryClient(() => undefined);
  const router = createMemoryRouter(createAppRoutes(queryClient), { initialEntries: [path] });
  render(
    <AppProvider queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

async function expectPath(router: ReturnType<typeof renderAt>, pathname: string) {
  await waitFor(() => expect(router.state.location.pathname).toBe(pathname));
}

beforeEach(() => {
  // The screens' calls stay pending: these tests are about where the router goes.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>(() => undefined)),
  );
  return () => vi.unstubAllGlobals();
});

describe('route guards', () => {
  it('sends unknown paths to login when signed out', async () => {
    const router = renderAt('/no-such-page');
    await expectPath(router, '/login/start');
    expect(await screen.findByRole('button', { name: 'Continue' })).toBeTruthy();
  });

  it('sends unknown paths to the campaign list when signed in', async () => {
    window.localStorage.setItem(AUTH_TOKEN_KEY, 'token-1');
    const router = renderAt('/campaigns/nothing/here');
    await expectPath(router, '/campaigns');
    expect(await screen.findByRole('heading', { name: 'Campaigns' })).toBeTruthy();
  });

  it('sends the root to login when signed out', async () => {
    await expectPath(renderAt('/'), '/login/start');
  });

  it('sends the root to the campaign list when signed in', async () => {
    window.localStorage.setItem(AUTH_TOKEN_KEY, 'token-1');
    await expectPath(renderAt('/'), '/campaigns');
  });

  it('redirects protected routes to login without a token', async () => {
    const router = renderAt(protectedRoutes.staticListDetail.to({ id: '42' }));
    await expectPath(router, '/login/start');
  });

  it('goes to login at once when another tab signs out', async () => {
    window.localStorage.setItem(AUTH_TOKEN_KEY, 'token-1');
    const router = renderAt(protectedRoutes.staticLists.to());
    expect(await screen.findByRole('heading', { name: 'Static lists' })).toBeTruthy();
    // What the browser does in this tab when another one removes the token: nothing here renders
    // again on its own (the screen's calls stay pending), so only the event can move it.
    window.localStorage.removeItem(AUTH_TOKEN_KEY);
    await act(async () => {
      window.dispatchEvent(new StorageEvent('storage', { key: AUTH_TOKEN_KEY, newValue: null }));
    });
    await expectPath(router, '/login/start');
  });

  it('renders protected routes in the app layout with a token', async () => {
    window.localStorage.setItem(AUTH_TOKEN_KEY, 'token-1');
    const router = renderAt(protectedRoutes.staticListDetail.to({ id: '42' }));
    expect(await screen.findByRole('heading', { name: 'Static list' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/lists/static-list/42');
    expect(screen.getByRole('link', { name: 'Static lists' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Campaigns' }).getAttribute('aria-current')).toBeNull();
  });

  it('keeps public routes reachable without a token', async () => {
    const router = renderAt(publicRoutes.passwordReset.to({ token: 'abc' }));
    expect(await screen.findByRole('heading', { name: 'Reset password' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/password/reset/abc');
  });

  it('shows the unsubscribed page', async () => {
    renderAt(publicRoutes.unsubscribed.to());
    expect(
      await screen.findByText('Unsubscribed: You have successfully unsubscribed from email list'),
    ).toBeTruthy();
  });
});

describe('login with token', () => {
  it('stores the token and goes to campaigns', async () => {
    const router = renderAt('/internal/login-with-token?token=staff-token');
    await expectPath(router, '/campaigns');
    expect(window.localStorage.getItem(AUTH_TOKEN_KEY)).toBe('staff-token');
  });

  it('goes to login without a token', async () => {
    const router = renderAt('/internal/login-with-token');
    await expectPath(router, '/login/start');
    expect(window.localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
  });
});
