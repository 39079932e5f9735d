import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AUTH_TOKEN_KEY } from '@/lib/auth-token';
import { stubApi } from '@/test/api-stub';
import { AUTH, resetAppHarness } from '@/test/app-harness';
import { historyNav } from '@/lib/router/history-nav';
import { Root } from './root';

const loginAnswer = {
  account: { id: 'a1', email: 'ada@acme.com', roles: [{ role_name: 'CUSTOMER_ORG_ADMIN' }] },
  roles: [{ role_name: 'CUSTOMER_ORG_ADMIN' }],
  organisation: { id: 'o1', name: 'Acme' },
  token: { token: 'new-token', expires_at: '2026-02-01T00:00:00.000Z' },
};

afterEach(() => {
  resetAppHarness();
  window.localStorage.clear();
});

// One document's life: the login steps without the router, the hand-over to the app after
// login, and back across it. The app's router lives for the document, so this is one test.
describe('the first load of the login page', () => {
  it('runs the login steps on the browser history, then hands over to the app both ways', async () => {
    window.history.replaceState(null, '', '/login/start');
    historyNav.start();
    const api = stubApi({
      [`${AUTH}/accounts/lookup`]: { body: { auth_type: 'meridian' } },
      [`${AUTH}/accounts/login`]: [
        {
          status: 401,
          body: { status_code: 401, code: 'InvalidPasswordException', description: 'x', fields: {} },
        },
        { body: loginAnswer },
      ],
      [`${AUTH}/health`]: { body: { status: 'up' } },
    });
    render(<Root />);

    // The email step checks the field as the contract does, then looks the account up.
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: ' ada@acme.com ' } });
    expect(screen.queryByText('Email is required')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Hello, ada@acme.com !' })).toBeTruthy();
    expect(`${window.location.pathname}${window.location.search}`).toBe(
      '/login/password?email=ada%40acme.com',
    );
    expect(api.callsTo(`${AUTH}/accounts/lookup`)[0]?.body).toEqual({ email: 'ada@acme.com' });
    expect(window.history.state).toMatchObject({ idx: 1, usr: null });
    await waitFor(() =>
      expect(screen.getByTestId('service-health-auth').getAttribute('data-state')).toBe('up'),
    );

    // Back and forward between the steps, on the history alone.
    window.history.back();
    expect(await screen.findByRole('button', { name: 'Continue' })).toBeTruthy();
    window.history.forward();
    expect(await screen.findByRole('heading', { name: 'Hello, ada@acme.com !' })).toBeTruthy();

    // A wrong password: the spec sentence, no navigation.
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Password is required')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Username and password do not match. Please try again')).toBeTruthy();

    // The right one: the token is kept and the app takes over at the campaigns, in place.
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(window.location.pathname).toBe('/campaigns'));
    expect(window.localStorage.getItem(AUTH_TOKEN_KEY)).toBe('new-token');
    expect(window.history.state).toMatchObject({ idx: 1 });
    expect(api.callsTo(`${AUTH}/accounts/login`)[1]).toMatchObject({
      body: { credentials: { email: 'ada@acme.com', password: 'secret' } },
      authorization: undefined,
    });
    // The signed-in app asks who is signed in.
    await waitFor(() => expect(api.callsTo(`${AUTH}/accounts/token.verify`).length).toBeGreaterThan(0));
    expect(screen.queryByRole('button', { name: 'Log in' })).toBeNull();

    // Back to the email step: now the app's router shows it, with the same screen.
    window.history.back();
    expect(await screen.findByRole('button', { name: 'Continue' })).toBeTruthy();
    expect(window.location.pathname).toBe('/login/start');
  });
});
