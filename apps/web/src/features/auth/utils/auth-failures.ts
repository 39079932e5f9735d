import { ACCOUNT_NOT_FOUND_DESCRIPTION, LOGIN_FAILED_DESCRIPTION } from '@meridian/contracts';
import { isApiError } from '@/lib/api-error';
import { errorMessage, fieldErrorsOf } from '@/lib/error-handling';

/** Spec section 8, "Login and accounts", word for word. */
export const AUTH_MESSAGES = {
  loginFailed: 'Login failed',
  resetSendingFailed: 'Reset link sending failed',
  emailVerified: 'Email verified Successfully!',
  passwordCreated: 'Password Created Successfully',
  passwordReset: 'Password Reset Successful',
} as const;

/**
 * Where a failure shows: on a field of the form, in an alert at the top of the form, or as a
 * toast when the server said nothing a person can act on.
 */
export type FormFailure =
  | { kind: 'field'; field: string; message: string }
  | { kind: 'alert'; message: string }
  | { kind: 'toast'; message: string };

// The server answers both with InvalidPasswordException; the spec names both.
const WRONG_CREDENTIALS = new Set(['InvalidPasswordException', 'AccountDoesNotExistsException']);

/**
 * Spec section 8, "Login": a wrong password or unknown account gives the one sentence; a field
 * error on the password shows its first message; another exception shows its description;
 * anything else is 'Login failed'.
 */
export function loginFailure(error: unknown): FormFailure {
  if (!isApiError(error) || error.kind !== 'http' || !error.code) {
    return { kind: 'toast', message: AUTH_MESSAGES.loginFailed };
  }
  if (WRONG_CREDENTIALS.has(error.code)) return { kind: 'alert', message: LOGIN_FAILED_DESCRIPTION };
  // The login body nests the password under `credentials`.
  const password = fieldErrorsOf(error)['credentials.password'];
  if (password) return { kind: 'field', field: 'password', message: password };
  if (error.description && (error.status ?? 500) < 500) return { kind: 'alert', message: error.description };
  return { kind: 'toast', message: AUTH_MESSAGES.loginFailed };
}

/**
 * Spec section 8, "Forgot password": an unknown account gets the account-not-found message;
 * anything else is 'Reset link sending failed'. A field error on the email shows on the field.
 */
export function sendResetFailure(error: unknown): FormFailure {
  if (isApiError(error) && error.code === 'AccountDoesNotExistsException') {
    return { kind: 'field', field: 'email', message: ACCOUNT_NOT_FOUND_DESCRIPTION };
  }
  const email = fieldErrorsOf(error).email;
  if (email) return { kind: 'field', field: 'email', message: email };
  return { kind: 'toast', message: AUTH_MESSAGES.resetSendingFailed };
}

/**
 * Forms whose failures the spec does not name (register, new password): the server's field
 * errors inline, otherwise its description (or the shared text) above the form.
 */
export function formFailures(error: unknown, fields: readonly string[]): FormFailure[] {
  const byField = fieldErrorsOf(error);
  const inline = fields.flatMap((field): FormFailure[] =>
    byField[field] ? [{ kind: 'field', field, message: byField[field] }] : [],
  );
  return inline.length > 0 ? inline : [{ kind: 'alert', message: errorMessage(error) }];
}

/** A link that is unknown, used or expired: the 'Link Expired' screen, not an error toast. */
export function isExpiredLink(error: unknown): boolean {
  return isApiError(error) && error.code === 'LinkExpiredException';
}
