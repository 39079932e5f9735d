import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AUTH_TOKEN_KEY } from '@/lib/auth-token';
import { errorBody, stubApi } from '@/test/api-stub';
import { AUTH, renderAppAt as renderAt, resetAppHarness } from '@/test/app-harness';

const loginAnswer = {
  account: {
    id: 'a1',
    organisation_id: 'o1',
    name: 'Ada',
    email: 'ada@acme.com',
    is_active: true,
    is_email_verified: true,
    is_federated_user: false,
    roles: [{ role_name: 'CUSTOMER_ORG_ADMIN' }],
    time_created: '2026-01-01T00:00:00.000Z',
    time_updated: '2026-01-01T00:00:00.000Z',
  },
  roles: [{ role_name: 'CUSTOMER_ORG_ADMIN' }],
  organisation: {
    id: 'o1',
    name: 'Acme',
    slug: 'acme',
    domain: 'acme.com',
    is_active: true,
    time_created: '2026-01-01T00:00:00.000Z',
    time_updated: '2026-01-01T00:00:00.000Z',
  },
  token: { token: 'new-token', expires_at: '2026-02-01T00:00:00.000Z' },
};

afterEach(resetAppHarness);

async function submitPassword(password: string) {
  fireEvent.change(await screen.findByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('the login steps', () => {
  it('routes the email step to the password step for password accounts', async () => {
    const api = stubApi({ [`${AUTH}/accounts/lookup`]: { body: { auth_type: 'meridian' } } });
    const router = renderAt('/login/start');
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: ' ada@acme.com ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/password'));
    expect(router.state.location.search).toBe('?email=ada%40acme.com');
    expect(api.callsTo(`${AUTH}/accounts/lookup`)[0]?.body).toEqual({ email: 'ada@acme.com' });
    expect(await screen.findByRole('heading', { name: 'Hello, ada@acme.com !' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '(This is not me)' }).getAttribute('href')).toBe('/login/start');
  });

  it('routes the email step to the SSO step with the address to start from', async () => {
    stubApi({
      [`${AUTH}/accounts/lookup`]: {
        body: { auth_type: 'sso', redirect_url: 'http://x/api/auth/v1/saml/acme/login' },
      },
    });
    const router = renderAt('/login/start');
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'ada@acme.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/sso'));
    expect(await screen.findByText('Your organization has OKTA SSO enabled')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue with OKTA' })).toBeTruthy();
  });

  it('shows the spec sentence for a wrong password', async () => {
    stubApi({
      [`${AUTH}/accounts/login`]: errorBody(401, 'InvalidPasswordException', 'anything'),
    });
    renderAt('/login/password?email=ada%40acme.com');
    await submitPassword('wrong');
    expect(await screen.findByText('Username and password do not match. Please try again')).toBeTruthy();
  });

  it("shows another refusal's description", async () => {
    stubApi({
      [`${AUTH}/accounts/login`]: errorBody(
        403,
        'EmailNotVerifiedException',
        'Please verify your email address first',
      ),
    });
    renderAt('/login/password?email=ada%40acme.com');
    await submitPassword('secret');
    expect(await screen.findByText('Please verify your email address first')).toBeTruthy();
  });

  it("says 'Login failed' when the server says nothing useful", async () => {
    stubApi({ [`${AUTH}/accounts/login`]: () => Promise.reject(new TypeError('Failed to fetch')) });
    renderAt('/login/password?email=ada%40acme.com');
    await submitPassword('secret');
    expect(await screen.findByText('Login failed')).toBeTruthy();
  });

  it('stores the token and goes to the campaigns on success, without sending a stale token', async () => {
    window.localStorage.setItem(AUTH_TOKEN_KEY, 'stale');
    const api = stubApi({ [`${AUTH}/accounts/login`]: { body: loginAnswer } });
    const router = renderAt('/login/password?email=ada%40acme.com');
    await submitPassword('secret');
    await waitFor(() => expect(router.state.location.pathname).toBe('/campaigns'));
    expect(window.localStorage.getItem(AUTH_TOKEN_KEY)).toBe('new-token');
    expect(api.callsTo(`${AUTH}/accounts/login`)[0]).toMatchObject({
      body: { credentials: { email: 'ada@acme.com', password: 'secret' } },
      authorization: undefined,
    });
  });

  it('sends the password step without an email back to the email step', async () => {
    stubApi({});
    const router = renderAt('/login/password');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/start'));
  });
});

describe('password links', () => {
  it('shows Link Expired with the reset sentence for an invalid reset link', async () => {
    stubApi({ [`${AUTH}/accounts/password/token.valid`]: { body: { valid: false } } });
    renderAt('/password/reset/abc');
    expect(await screen.findByRole('heading', { name: 'Link Expired' })).toBeTruthy();
    expect(screen.getByText('Your password reset link is no longer valid')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Login page' }).getAttribute('href')).toBe('/login/start');
  });

  it('shows Link Expired with the activation sentence for an invalid create link', async () => {
    stubApi({ [`${AUTH}/accounts/password/token.valid`]: { body: { valid: false } } });
    renderAt('/password/create/abc');
    expect(await screen.findByText('Your account activation link is no longer valid')).toBeTruthy();
  });

  it('checks the confirmation, sets the password and goes to login', async () => {
    const api = stubApi({
      [`${AUTH}/accounts/password/token.valid`]: { body: { valid: true } },
      [`${AUTH}/accounts/password.set`]: { body: { success: true } },
    });
    const router = renderAt('/password/create/abc');
    fireEvent.change(await screen.findByLabelText('New password'), { target: { value: 'secret1' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'secret2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create password' }));
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    expect(api.callsTo(`${AUTH}/accounts/password.set`)).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'secret1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/start'));
    expect(await screen.findByText('Password Created Successfully')).toBeTruthy();
    expect(api.callsTo(`${AUTH}/accounts/password.set`)[0]?.body).toEqual({
      token: 'abc',
      password: 'secret1',
      request_type: 'password_create',
    });
  });

  it('resets the password of a reset link through email.reset and goes to login', async () => {
    const api = stubApi({
      [`${AUTH}/accounts/password/token.valid`]: { body: { valid: true } },
      [`${AUTH}/accounts/password/email.reset`]: { body: { success: true } },
    });
    const router = renderAt('/password/reset/abc');
    fireEvent.change(await screen.findByLabelText('New password'), { target: { value: 'secret1' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'secret1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/start'));
    expect(await screen.findByText('Password Reset Successful')).toBeTruthy();
    expect(api.callsTo(`${AUTH}/accounts/password/token.valid`)[0]?.body).toEqual({
      token: 'abc',
      request_type: 'password_reset',
    });
    expect(api.callsTo(`${AUTH}/accounts/password/email.reset`)[0]).toMatchObject({
      body: { token: 'abc', password: 'secret1' },
      authorization: undefined,
    });
    expect(api.callsTo(`${AUTH}/accounts/password.set`)).toHaveLength(0);
  });

  it('shows Link Expired when the link is spent while the form is open', async () => {
    stubApi({
      [`${AUTH}/accounts/password/token.valid`]: { body: { valid: true } },
      [`${AUTH}/accounts/password/email.reset`]: errorBody(
        400,
        'LinkExpiredException',
        'Your password reset link is no longer valid',
      ),
    });
    renderAt('/password/reset/abc');
    fireEvent.change(await screen.findByLabelText('New password'), { target: { value: 'secret1' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'secret1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('heading', { name: 'Link Expired' })).toBeTruthy();
  });

  it('verifies an email once and goes to login', async () => {
    const api = stubApi({ [`${AUTH}/accounts/verify`]: { body: { success: true } } });
    const router = renderAt('/verify-email/tok');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/start'));
    expect(await screen.findByText('Email verified Successfully!')).toBeTruthy();
    expect(api.callsTo(`${AUTH}/accounts/verify`)).toHaveLength(1);
  });

  it('shows Link Expired for a used verification link', async () => {
    stubApi({ [`${AUTH}/accounts/verify`]: errorBody(400, 'LinkExpiredException', 'x') });
    renderAt('/verify-email/tok');
    expect(await screen.findByText('Your account activation link is no longer valid')).toBeTruthy();
  });
});

describe('forgot password', () => {
  it('names an unknown account, then shows the sent screen for a known one', async () => {
    stubApi({
      [`${AUTH}/accounts/password/send.reset`]: [
        errorBody(
          404,
          'AccountDoesNotExistsException',
          'We could not find an account with this email address',
        ),
        { body: { success: true } },
      ],
    });
    renderAt('/forgot-password/email');
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'who@acme.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('We could not find an account with this email address')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('heading', { name: 'Password Reset Email Sent' })).toBeTruthy();
  });

  it("says 'Reset link sending failed' otherwise", async () => {
    stubApi({
      [`${AUTH}/accounts/password/send.reset`]: errorBody(429, 'TooManyRequestsException', 'Too many'),
    });
    renderAt('/forgot-password/email');
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'ada@acme.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Reset link sending failed')).toBeTruthy();
  });
});

describe('register', () => {
  it('enables submit only when the form is valid and changed, and shows success', async () => {
    stubApi({
      [`${AUTH}/accounts/register`]: {
        body: { success: true, account: loginAnswer.account, organisation: loginAnswer.organisation },
      },
    });
    renderAt('/register');
    const submit = await screen.findByRole('button', { name: 'Create account' });
    expect(submit.hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'Ada' } });
    fireEvent.change(screen.getByLabelText('Work email'), { target: { value: 'ada@acme.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret1' } });
    fireEvent.change(screen.getByLabelText('Organization'), { target: { value: 'Acme' } });
    fireEvent.change(screen.getByLabelText('Domain'), { target: { value: '10.0.0.1' } });
    expect(submit.hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByLabelText('Domain'), { target: { value: 'acme.com' } });
    await waitFor(() => expect(submit.hasAttribute('disabled')).toBe(false));
    fireEvent.click(submit);
    expect(await screen.findByRole('heading', { name: 'Registration Successful' })).toBeTruthy();
  });

  it('shows server field errors on their fields', async () => {
    stubApi({
      [`${AUTH}/accounts/register`]: errorBody(
        409,
        'AccountAlreadyExistsException',
        'An account with this email already exists',
        {
          email: ['An account with this email already exists'],
        },
      ),
    });
    renderAt('/register');
    fireEvent.change(await screen.findByLabelText('Full name'), { target: { value: 'Ada' } });
    fireEvent.change(screen.getByLabelText('Work email'), { target: { value: 'ada@acme.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret1' } });
    fireEvent.change(screen.getByLabelText('Organization'), { target: { value: 'Acme' } });
    fireEvent.change(screen.getByLabelText('Domain'), { target: { value: 'acme.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('An account with this email already exists')).toBeTruthy();
  });
});

describe('single sign-on return', () => {
  it('goes back to login with the reason when the identity provider failed', async () => {
    stubApi({});
    const router = renderAt('/sso-redirect?error=SamlLoginFailedException');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/start'));
    expect(await screen.findByText('Single sign-on failed. Please try again')).toBeTruthy();
  });

  it('trades the code for a session once', async () => {
    const api = stubApi({ [`${AUTH}/saml/sso2.login`]: { body: loginAnswer } });
    const router = renderAt('/sso-redirect?code=one-time');
    await waitFor(() => expect(router.state.location.pathname).toBe('/campaigns'));
    expect(window.localStorage.getItem(AUTH_TOKEN_KEY)).toBe('new-token');
    expect(api.callsTo(`${AUTH}/saml/sso2.login`)).toHaveLength(1);
  });
});
