import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_KEY } from '@/lib/auth-token';
import { renderAppAt, resetAppHarness } from '@/test/app-harness';

// React Router warns once per module load: this file holds only this test, so the first render counts.
describe('a lazy screen opened first', () => {
  afterEach(() => {
    resetAppHarness();
    window.localStorage.clear();
  });

  it('renders the loader while its code loads, without the HydrateFallback warning', async () => {
    const warn = vi.spyOn(console, 'warn');
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    window.localStorage.setItem(AUTH_TOKEN_KEY, 'token-1');
    const router = renderAppAt('/templates');
    await waitFor(() => expect(router.state.initialized).toBe(true));
    const warnings = warn.mock.calls.map((args) => String(args[0]));
    expect(warnings.filter((message) => message.includes('HydrateFallback'))).toEqual([]);
  });
});
