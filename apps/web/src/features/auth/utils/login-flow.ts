import { publicRoutes } from '@/app/routes';

/** The login steps carry the email in the query string, so a reload keeps it. */
export const EMAIL_PARAM = 'email';

function withEmail(path: string, email: string): string {
  return `${path}?${new URLSearchParams({ [EMAIL_PARAM]: email }).toString()}`;
}

export const loginFlow = {
  passwordStep: (email: string) => withEmail(publicRoutes.loginPassword.to(), email),
  ssoStep: (email: string) => withEmail(publicRoutes.loginSso.to(), email),
  emailStep: () => publicRoutes.loginStart.to(),
};

/** The email of the current login step, or null when it is missing or blank. */
export function emailFrom(search: URLSearchParams): string | null {
  const email = search.get(EMAIL_PARAM)?.trim();
  return email ? email : null;
}

/**
 * What the login email step may show on arrival: a message from a step that sent the user back
 * (a failed single sign-on), carried in the navigation state.
 */
export interface LoginStartState {
  error?: string;
}

export function loginStartState(state: unknown): LoginStartState {
  if (typeof state !== 'object' || state === null) return {};
  const error = (state as { error?: unknown }).error;
  return typeof error === 'string' ? { error } : {};
}

/** The SSO step gets the address to start single sign-on from the email step, in the navigation state. */
export interface LoginSsoState {
  redirectUrl?: string;
}

export function loginSsoState(state: unknown): LoginSsoState {
  if (typeof state !== 'object' || state === null) return {};
  const redirectUrl = (state as { redirectUrl?: unknown }).redirectUrl;
  return typeof redirectUrl === 'string' ? { redirectUrl } : {};
}
