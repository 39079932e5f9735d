import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_KEY } from '@/lib/auth-token';
import { renderAppAt, resetAppHarness } from '@/test/app-harness';

describe('a lazy screen opened first', () => {
  afterEach(() => {
    resetAppHarness();
    window.localStorage.clear();
  });

  it('renders the loader while its code loads, then the screen, without a warning', async () => {
    const warn = vi.spyOn(console, 'warn');
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    window.localStorage.setItem(AUTH_TOKEN_KEY, 'token-1');
    const router = renderAppAt('/templates');
    expect(router.state.initialized).toBe(false);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    await waitFor(() => expect(router.state.initialized).toBe(true));
    expect(await screen.findByRole('heading', { name: 'Emails' })).toBeTruthy();
    expect(warn).not.toHaveBeenCalled();
  });
});
