import type { BrowserContext } from 'playwright-core';
import { DEMO_ADMIN, loginByApi } from '../support/api';

/** Logs in through the API and hands the token to every page of the context, as the app stores it. */
export async function signIn(context: BrowserContext, email: string, password: string): Promise<string> {
  const token = await loginByApi(email, password);
  await context.addInitScript({
    content: `window.localStorage.setItem('authToken', ${JSON.stringify(token)});`,
  });
  return token;
}

export function signInAsDemoAdmin(context: BrowserContext): Promise<string> {
  return signIn(context, DEMO_ADMIN.email, DEMO_ADMIN.password);
}
