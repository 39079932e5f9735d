import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { ApiError, type ApiErrorInit } from './api-error';
import {
  classifyError,
  createErrorHandler,
  errorMessage,
  fieldErrorsOf,
  SESSION_EXPIRY_REDIRECT_MS,
  SHARED_ERROR_MESSAGES,
  type ToastSpec,
} from './error-handling';

function apiError(overrides: Partial<ApiErrorInit> = {}): ApiError {
  return new ApiError({
    kind: 'http',
    method: 'POST',
    url: '/api/campaign/v1/campaigns/list',
    status: 400,
    body: null,
    signedInCall: true,
    selfHandled: false,
    ...overrides,
  });
}

function body(status: number, description: string | null, code = 'SomeException') {
  return { status_code: status, code, description, fields: {} };
}

describe('classifyError', () => {
  it('treats 401 with a token as an expired session', () => {
    expect(
      classifyError(apiError({ status: 401, body: body(401, 'Auth token is invalid or expired') })),
    ).toEqual({
      type: 'session-expired',
      toast: { tone: 'warning', message: 'Session expired! Please login again.', autoClose: true },
    });
  });

  it('treats 403 with a token as an expired session', () => {
    expect(classifyError(apiError({ status: 403 })).type).toBe('session-expired');
  });

  it('shows the server description for a 401 sent without a token', () => {
    const outcome = classifyError(
      apiError({ status: 401, signedInCall: false, body: body(401, 'Auth token not found') }),
    );
    expect(outcome).toEqual({
      type: 'toast',
      toast: { tone: 'error', message: 'Auth token not found', autoClose: false },
      report: false,
    });
  });

  it('shows the invalid-parameters text for a 400 without description', () => {
    const outcome = classifyError(apiError({ status: 400, body: body(400, null, 'ValidationException') }));
    expect(outcome).toEqual({
      type: 'toast',
      toast: { tone: 'error', message: 'Some request parameters are invalid or missing', autoClose: true },
      report: false,
    });
  });

  it('shows the invalid-parameters text for a 400 with no parsable body', () => {
    expect(classifyError(apiError({ status: 400, body: null }))).toMatchObject({
      toast: { message: SHARED_ERROR_MESSAGES.invalidParameters },
    });
  });

  it('shows a 400 description without auto-closing it', () => {
    expect(classifyError(apiError({ status: 400, body: body(400, 'Name is taken') }))).toMatchObject({
      toast: { message: 'Name is taken', autoClose: false },
    });
  });

  it('shows the server description for other statuses under 500, not auto-closed', () => {
    expect(classifyError(apiError({ status: 404, body: body(404, 'Campaign not found') }))).toEqual({
      type: 'toast',
      toast: { tone: 'error', message: 'Campaign not found', autoClose: false },
      report: false,
    });
  });

  it('shows the generic text for 500 and above, and reports it', () => {
    for (const status of [500, 502, 503]) {
      expect(classifyError(apiError({ status, body: body(status, 'database exploded') }))).toEqual({
        type: 'toast',
        toast: { tone: 'error', message: 'Something went wrong!', autoClose: true },
        report: true,
      });
    }
  });

  it('shows the network message when nothing answered', () => {
    expect(classifyError(apiError({ kind: 'network', status: null }))).toMatchObject({
      toast: { message: SHARED_ERROR_MESSAGES.network },
    });
  });

  it('skips self-handled calls', () => {
    expect(classifyError(apiError({ status: 500, selfHandled: true }))).toEqual({ type: 'ignore' });
    expect(classifyError(apiError({ status: 401, selfHandled: true }))).toEqual({ type: 'ignore' });
  });

  it('skips cancelled calls', () => {
    expect(classifyError(apiError({ kind: 'aborted', status: null }))).toEqual({ type: 'ignore' });
  });

  it('treats an answer outside the contract and unknown errors as server errors', () => {
    expect(classifyError(apiError({ kind: 'invalid-response', status: 200 }))).toMatchObject({
      toast: { message: 'Something went wrong!' },
    });
    expect(classifyError(new TypeError('x is undefined'))).toMatchObject({
      toast: { message: 'Something went wrong!' },
    });
  });
});

describe('createErrorHandler', () => {
  let toasts: ToastSpec[];
  let clearSession: Mock<() => void>;
  let redirectToLogin: Mock<() => void>;
  let report: Mock<(error: unknown) => void>;
  let handle: (error: unknown) => void;

  beforeEach(() => {
    vi.useFakeTimers();
    toasts = [];
    clearSession = vi.fn<() => void>();
    redirectToLogin = vi.fn<() => void>();
    report = vi.fn<(error: unknown) => void>();
    handle = createErrorHandler({
      notify: (toast) => toasts.push(toast),
      clearSession,
      redirectToLogin,
      schedule: (run, delay) => setTimeout(run, delay),
      report,
    });
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('clears the token, warns, and redirects to login after 2000 ms on an expired session', () => {
    handle(apiError({ status: 401 }));
    expect(clearSession).toHaveBeenCalledOnce();
    expect(toasts).toEqual([
      { tone: 'warning', message: 'Session expired! Please login again.', autoClose: true },
    ]);
    vi.advanceTimersByTime(SESSION_EXPIRY_REDIRECT_MS - 1);
    expect(redirectToLogin).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(redirectToLogin).toHaveBeenCalledOnce();
  });

  it('warns and redirects once when several calls fail with the ended session', () => {
    handle(apiError({ status: 401 }));
    handle(apiError({ status: 403 }));
    handle(apiError({ status: 401 }));
    vi.runAllTimers();
    expect(toasts).toHaveLength(1);
    expect(redirectToLogin).toHaveBeenCalledOnce();
  });

  it('shows a toast and reports server errors', () => {
    const error = apiError({ status: 500 });
    handle(error);
    expect(toasts).toEqual([{ tone: 'error', message: 'Something went wrong!', autoClose: true }]);
    expect(report).toHaveBeenCalledWith(error);
    expect(clearSession).not.toHaveBeenCalled();
  });

  it('stays quiet for self-handled calls', () => {
    handle(apiError({ status: 404, selfHandled: true }));
    expect(toasts).toEqual([]);
  });
});

describe('errorMessage', () => {
  it('uses the server description under 500', () => {
    expect(errorMessage(apiError({ status: 409, body: body(409, 'Email taken') }))).toBe('Email taken');
  });

  it('falls back to the shared texts', () => {
    expect(errorMessage(apiError({ status: 400, body: null }))).toBe(SHARED_ERROR_MESSAGES.invalidParameters);
    expect(errorMessage(apiError({ status: 502, body: body(502, 'upstream') }))).toBe(
      'Something went wrong!',
    );
    expect(errorMessage(apiError({ kind: 'network', status: null }))).toBe(SHARED_ERROR_MESSAGES.network);
    expect(errorMessage(new Error('x'))).toBe('Something went wrong!');
  });
});

describe('fieldErrorsOf', () => {
  it('keeps the first message of each field', () => {
    const error = apiError({
      body: {
        ...body(400, 'x', 'ValidationException'),
        fields: { email: ['a', 'b'], 'users.1.name': ['c'] },
      },
    });
    expect(fieldErrorsOf(error)).toEqual({ email: 'a', 'users.1.name': 'c' });
    expect(fieldErrorsOf(new Error('x'))).toEqual({});
  });
});
