import type { ErrorDefinition } from '../http/errors';

/** The login failure sentence of spec section 8 ("Login and accounts"). */
export const LOGIN_FAILED_DESCRIPTION = 'Username and password do not match. Please try again';

/** Expired-link sentences (product decisions, "Expired links"). */
export const ACTIVATION_LINK_EXPIRED = 'Your account activation link is no longer valid';
export const RESET_LINK_EXPIRED = 'Your password reset link is no longer valid';

/**
 * Error codes of the auth service beyond `commonErrors`, with their status and
 * default description. Codes named by the spec keep the spec's spelling
 * (`AccountDoesNotExistsException`).
 */
export const authErrors = {
  /** Login: the account exists, the password is wrong. */
  InvalidPasswordException: { status: 401, description: LOGIN_FAILED_DESCRIPTION },
  /**
   * Login: no account has this email (401, same description as a wrong password).
   * `/accounts/password/send.reset` answers it with status 404 and an
   * account-not-found description, after the same work as for a known email.
   */
  AccountDoesNotExistsException: { status: 401, description: LOGIN_FAILED_DESCRIPTION },
  EmailNotVerifiedException: {
    status: 403,
    description:
      'Please verify your email address before you log in. We have sent you a new verification link',
  },
  AccountDisabledException: {
    status: 403,
    description: 'This account is disabled. Please contact your admin',
  },
  SsoLoginRequiredException: {
    status: 403,
    description: 'Your organization uses single sign-on. Please log in with SSO',
  },
  AccountAlreadyExistsException: { status: 409, description: 'An account with this email already exists' },
  DomainAlreadyRegisteredException: {
    status: 409,
    description: 'An organization with this domain already exists',
  },
  /** A password, activation or verification link that is unknown, used or expired. */
  LinkExpiredException: { status: 400, description: ACTIVATION_LINK_EXPIRED },
  /** Changing one's password with a wrong current password (400: the session stays). */
  InvalidOldPasswordException: { status: 400, description: 'Old password is incorrect' },
  LastAdminException: { status: 400, description: 'An organization needs at least one admin' },
  SamlConfigExistsException: {
    status: 409,
    description: 'Single sign-on is already configured. Update the configuration instead',
  },
  InvalidCertificateException: { status: 400, description: 'Please enter a valid certificate' },
  SamlLoginFailedException: { status: 400, description: 'Single sign-on failed. Please try again' },
  StaffImpersonationException: { status: 403, description: 'Internal staff accounts cannot be impersonated' },
} as const satisfies Record<string, ErrorDefinition>;

export type AuthErrorCode = keyof typeof authErrors;

export const ACCOUNT_NOT_FOUND_DESCRIPTION = 'We could not find an account with this email address';
