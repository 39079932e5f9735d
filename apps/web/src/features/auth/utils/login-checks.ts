import { authMessages, EMAIL_ADDRESS_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '@meridian/contracts';

/**
 * The login steps' field rules as plain functions: the contracts' `emailSchema` and
 * `givenPasswordSchema` (spec section 5), same order, same messages, without the schema library
 * in the login page's first load. `login-checks.test.ts` holds them to the schemas. Each returns
 * the message to show, or null.
 */

// The address rule of the schema library the contracts use (its `email()` check).
const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export function checkEmail(value: string): string | null {
  const email = value.trim();
  if (email.length === 0) return authMessages.emailRequired;
  if (email.length > EMAIL_ADDRESS_MAX_LENGTH || !EMAIL_PATTERN.test(email)) return authMessages.emailInvalid;
  return null;
}

export function checkGivenPassword(value: string): string | null {
  if (value.length === 0) return authMessages.passwordRequired;
  if (value.length > PASSWORD_MAX_LENGTH)
    return `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`;
  return null;
}
