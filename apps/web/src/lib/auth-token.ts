/** Where the session token lives between visits (spec: the app keeps the token, sends it as a bearer). */
export const AUTH_TOKEN_KEY = 'authToken';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage can be blocked (privacy settings); the app then behaves as signed out.
    return null;
  }
}

export const tokenStorage = {
  get(): string | null {
    return storage()?.getItem(AUTH_TOKEN_KEY) || null;
  },
  set(token: string): void {
    storage()?.setItem(AUTH_TOKEN_KEY, token);
  },
  clear(): void {
    storage()?.removeItem(AUTH_TOKEN_KEY);
  },
};
