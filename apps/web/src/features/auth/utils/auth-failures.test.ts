import type { ErrorBody } from '@meridian/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { formFailures, isExpiredLink, loginFailure, sendResetFailure } from './auth-failures';

function httpError(status: number, code: string, description: string | null, fields = {}): ApiError {
  const body: ErrorBody = { status_code: status, code, description, fields };
  return new ApiError({
    kind: 'http',
    method: 'POST',
    url: '/api/auth/v1/accounts/login',
    status,
    body,
    signedInCall: false,
    selfHandled: true,
  });
}

const networkError = new ApiError({
  kind: 'network',
  method: 'POST',
  url: '/api/auth/v1/accounts/login',
  status: null,
  body: null,
  signedInCall: false,
  selfHandled: true,
});

describe('loginFailure', () => {
  it.each(['InvalidPasswordException', 'AccountDoesNotExistsException'])(
    'answers %s with the spec sentence',
    (code) => {
      expect(loginFailure(httpError(401, code, 'anything'))).toEqual({
        kind: 'alert',
        message: 'Username and password do not match. Please try again',
      });
    },
  );

  it('shows the first message of a password field error on the field', () => {
    const error = httpError(400, 'ValidationException', 'Password is required', {
      'credentials.password': ['Password is required', 'second'],
    });
    expect(loginFailure(error)).toEqual({
      kind: 'field',
      field: 'password',
      message: 'Password is required',
    });
  });

  it("shows another exception's description", () => {
    const error = httpError(403, 'EmailNotVerifiedException', 'Please verify your email address');
    expect(loginFailure(error)).toEqual({ kind: 'alert', message: 'Please verify your email address' });
  });

  it("falls back to 'Login failed'", () => {
    expect(loginFailure(networkError)).toEqual({ kind: 'toast', message: 'Login failed' });
    expect(loginFailure(httpError(500, 'InternalServerError', 'Something went wrong!'))).toEqual({
      kind: 'toast',
      message: 'Login failed',
    });
    expect(loginFailure(new Error('boom'))).toEqual({ kind: 'toast', message: 'Login failed' });
  });
});

describe('sendResetFailure', () => {
  it('names an unknown account on the email field', () => {
    expect(sendResetFailure(httpError(404, 'AccountDoesNotExistsException', null))).toEqual({
      kind: 'field',
      field: 'email',
      message: 'We could not find an account with this email address',
    });
  });

  it("answers anything else with 'Reset link sending failed'", () => {
    expect(sendResetFailure(httpError(429, 'TooManyRequestsException', 'Too many requests'))).toEqual({
      kind: 'toast',
      message: 'Reset link sending failed',
    });
    expect(sendResetFailure(networkError)).toEqual({ kind: 'toast', message: 'Reset link sending failed' });
  });
});

describe('formFailures', () => {
  it('puts known field errors inline', () => {
    const error = httpError(
      409,
      'AccountAlreadyExistsException',
      'An account with this email already exists',
      {
        email: ['An account with this email already exists'],
      },
    );
    expect(formFailures(error, ['email', 'domain'])).toEqual([
      { kind: 'field', field: 'email', message: 'An account with this email already exists' },
    ]);
  });

  it('shows the description when no field is named', () => {
    const error = httpError(
      409,
      'DomainAlreadyRegisteredException',
      'An organization with this domain already exists',
    );
    expect(formFailures(error, ['email', 'domain'])).toEqual([
      { kind: 'alert', message: 'An organization with this domain already exists' },
    ]);
  });
});

describe('isExpiredLink', () => {
  it('recognises a used or expired link', () => {
    expect(isExpiredLink(httpError(400, 'LinkExpiredException', 'x'))).toBe(true);
    expect(isExpiredLink(httpError(400, 'ValidationException', 'x'))).toBe(false);
  });
});
