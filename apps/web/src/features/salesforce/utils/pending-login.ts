/**
 * Spec 2: after creating a connection its id is kept locally while the browser is at Salesforce;
 * the return page reads it to finish the login. Kept in local storage: the return is a new page
 * load, and may come in another tab.
 */
export const PENDING_SALESFORCE_CONNECTION_KEY = 'salesforceConnectionId';

export function rememberPendingLogin(connectionId: string): void {
  window.localStorage.setItem(PENDING_SALESFORCE_CONNECTION_KEY, connectionId);
}

export function pendingLogin(): string | null {
  return window.localStorage.getItem(PENDING_SALESFORCE_CONNECTION_KEY);
}

export function forgetPendingLogin(): void {
  window.localStorage.removeItem(PENDING_SALESFORCE_CONNECTION_KEY);
}
