import { isApiError } from './api-error';

/** Spec section 8, "Shared handling": texts used word for word. */
export const SHARED_ERROR_MESSAGES = {
  sessionExpired: 'Session expired! Please login again.',
  invalidParameters: 'Some request parameters are invalid or missing',
  serverError: 'Something went wrong!',
  network: 'Network Error',
  timeout: 'The request took too long. Please try again.',
} as const;

/** Spec section 9: session-expiry redirect delay. */
export const SESSION_EXPIRY_REDIRECT_MS = 2000;

export interface ToastSpec {
  tone: 'error' | 'warning';
  message: string;
  /** false: stays until the user closes it. */
  autoClose: boolean;
}

export type ErrorOutcome =
  | { type: 'ignore' }
  | { type: 'session-expired'; toast: ToastSpec }
  | { type: 'toast'; toast: ToastSpec; report: boolean };

const errorToast = (message: string, autoClose = true): ToastSpec => ({ tone: 'error', message, autoClose });

/** What the shared handling does with a failed call. Pure, so the mapping is testable on its own. */
export function classifyError(error: unknown): ErrorOutcome {
  if (!isApiError(error)) {
    return { type: 'toast', toast: errorToast(SHARED_ERROR_MESSAGES.serverError), report: true };
  }
  if (error.selfHandled) return { type: 'ignore' };
  switch (error.kind) {
    case 'aborted':
      return { type: 'ignore' };
    case 'network':
      return { type: 'toast', toast: errorToast(SHARED_ERROR_MESSAGES.network), report: false };
    case 'timeout':
      return { type: 'toast', toast: errorToast(SHARED_ERROR_MESSAGES.timeout), report: false };
    case 'invalid-response':
      return { type: 'toast', toast: errorToast(SHARED_ERROR_MESSAGES.serverError), report: true };
    case 'http':
      break;
  }

  const status = error.status ?? 0;
  if ((status === 401 || status === 403) && error.signedInCall) {
    return {
      type: 'session-expired',
      toast: { tone: 'warning', message: SHARED_ERROR_MESSAGES.sessionExpired, autoClose: true },
    };
  }
  if (status === 400 && !error.description) {
    return { type: 'toast', toast: errorToast(SHARED_ERROR_MESSAGES.invalidParameters), report: false };
  }
  if (status < 500) {
    return {
      type: 'toast',
      toast: errorToast(error.description ?? SHARED_ERROR_MESSAGES.serverError, false),
      report: false,
    };
  }
  return { type: 'toast', toast: errorToast(SHARED_ERROR_MESSAGES.serverError), report: true };
}

/**
 * The sentence the shared handling would show for a failure, for screens that show errors
 * themselves (inline, in the form): the server's description when it sent one, otherwise the
 * shared text for the kind of failure.
 */
export function errorMessage(error: unknown): string {
  if (!isApiError(error)) return SHARED_ERROR_MESSAGES.serverError;
  switch (error.kind) {
    case 'network':
    case 'aborted':
      return SHARED_ERROR_MESSAGES.network;
    case 'timeout':
      return SHARED_ERROR_MESSAGES.timeout;
    case 'invalid-response':
      return SHARED_ERROR_MESSAGES.serverError;
    case 'http':
      break;
  }
  const status = error.status ?? 0;
  if (status >= 500) return SHARED_ERROR_MESSAGES.serverError;
  if (error.description) return error.description;
  return status === 400 ? SHARED_ERROR_MESSAGES.invalidParameters : SHARED_ERROR_MESSAGES.serverError;
}

/** The first server message per request field, as a form's `setErrors` takes them. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!isApiError(error)) return {};
  const errors: Record<string, string> = {};
  for (const [field, messages] of Object.entries(error.fieldErrors)) {
    if (messages[0]) errors[field] = messages[0];
  }
  return errors;
}

export interface ErrorHandlerDeps {
  notify: (toast: ToastSpec) => void;
  /** Forgets the stored token. */
  clearSession: () => void;
  redirectToLogin: () => void;
  schedule: (run: () => void, delayMs: number) => void;
  /** Hands 5xx failures to the error-reporting service, when one is configured. */
  report?: (error: unknown) => void;
}

/** The shared handler wired as TanStack Query's global onError. */
export function createErrorHandler(deps: ErrorHandlerDeps): (error: unknown) => void {
  // Several calls can fail at once when a session ends: warn and redirect once.
  let expiring = false;
  return (error) => {
    const outcome = classifyError(error);
    switch (outcome.type) {
      case 'ignore':
        return;
      case 'session-expired':
        if (expiring) return;
        expiring = true;
        deps.clearSession();
        deps.notify(outcome.toast);
        deps.schedule(() => {
          expiring = false;
          deps.redirectToLogin();
        }, SESSION_EXPIRY_REDIRECT_MS);
        return;
      case 'toast':
        deps.notify(outcome.toast);
        if (outcome.report) deps.report?.(error);
        return;
    }
  };
}
