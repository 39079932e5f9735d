import {
  loginContract,
  registerContract,
  verifyEmailContract,
  type Endpoint,
  type RequestOf,
} from '@meridian/contracts';
import { baseUrl } from './browser';
import { linkIn, openMailbox, tokenOf } from './mails';

/** A call straight to the platform (as another client would make it), for setup and for checks. */
export async function callApi<E extends Endpoint>(
  endpoint: E,
  body: RequestOf<E>,
  token?: string,
): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const send = () =>
    fetch(new URL(endpoint.fullPath, baseUrl), {
      method: endpoint.method,
      headers,
      body: endpoint.method === 'GET' ? undefined : JSON.stringify(body),
    });
  // A kept-alive connection the server closed just as it was reused fails before any answer
  // ('other side closed'): nothing reached the platform, so the call is sent once more.
  const response = await send().catch((error: unknown) => {
    if (isClosedSocket(error)) return send();
    throw error;
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
}

function isClosedSocket(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } } | null)?.cause;
  return error instanceof TypeError && cause?.code === 'UND_ERR_SOCKET';
}

/** A short unique suffix for emails, domains and names, so tests never meet each other's data. */
export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

export interface Account {
  name: string;
  email: string;
  password: string;
  organisation: string;
  domain: string;
}

export function newAccount(label: string): Account {
  const suffix = uniqueSuffix();
  const domain = `${label}-${suffix}.com`;
  return {
    name: `${label[0]!.toUpperCase()}${label.slice(1)} Owner`,
    email: `owner@${domain}`,
    password: `pass-${suffix}`,
    organisation: `${label[0]!.toUpperCase()}${label.slice(1)} ${suffix}`,
    domain,
  };
}

/** Registers an organisation and verifies its admin's email through the mailed link, by API. */
export async function registerVerifiedAccount(account: Account): Promise<void> {
  const mailbox = await openMailbox(account.email);
  const registered = await callApi(registerContract, account);
  if (registered.status !== 200) throw new Error(`register answered ${registered.status}`);
  const mail = await mailbox.next({ subject: /verify/i });
  const verified = await callApi(verifyEmailContract, { token: tokenOf(linkIn(mail, '/verify-email/')) });
  if (verified.status !== 200) throw new Error(`verify answered ${verified.status}`);
}

/** A bearer token for the account, by API. */
export async function loginByApi(email: string, password: string): Promise<string> {
  const answer = await callApi(loginContract, { credentials: { email, password } });
  if (answer.status !== 200) throw new Error(`login answered ${answer.status}`);
  return (answer.body as { token: { token: string } }).token.token;
}

export const DEMO_ADMIN = {
  email: 'admin@demo.meridian.dev',
  password: 'meridian-demo',
  organisation: 'Demo Company',
};
export const DEMO_STAFF = { email: 'staff@meridian.internal', password: 'meridian-staff' };
