import { randomBytes } from 'node:crypto';
import {
  createUsersContract,
  type CustomerRole,
  type Endpoint,
  loginContract,
  type LoginResponse,
  passwordSetContract,
  registerContract,
  type RegisterRequest,
  verifyEmailContract,
} from '@meridian/contracts';
import request, { type Response } from 'supertest';
import { linkTokenIn, type SmtpSink } from './smtp-sink';

/** What supertest can call: an HTTP server, or a base URL. */
export type HttpTarget = Parameters<typeof request>[0];

export interface SignedIn extends LoginResponse {
  email: string;
  password: string;
  /** The bearer token. */
  bearer: string;
}

let sequence = 0;

/** A suffix unique within and across test runs, for names, emails and domains. */
export function uniqueSuffix(): string {
  sequence += 1;
  return `${sequence.toString(36)}${randomBytes(3).toString('hex')}`;
}

/** POST a contract's endpoint, optionally as a bearer token, from an optional client address. */
export function call(
  target: HttpTarget,
  contract: Endpoint,
  body: unknown,
  options: { token?: string; ip?: string } = {},
) {
  let test = request(target)
    .post(contract.fullPath)
    .send(body as object);
  if (options.token) test = test.set('authorization', `Bearer ${options.token}`);
  if (options.ip) test = test.set('x-forwarded-for', options.ip);
  return test;
}

/** Fails with the error body, which supertest's `expect(200)` does not show. */
export function ok(response: Response): Response {
  if (response.status !== 200) {
    throw new Error(`expected 200, got ${response.status}: ${JSON.stringify(response.body)}`);
  }
  return response;
}

/**
 * Factories that make organisations and users the way people do: through the
 * auth endpoints, receiving the mails and following their links.
 */
export function authFactories(target: HttpTarget, sink: SmtpSink, publicBaseUrl: string) {
  async function login(email: string, password: string): Promise<SignedIn> {
    const response = ok(await call(target, loginContract, { credentials: { email, password } }));
    const body = response.body as LoginResponse;
    return { ...body, email, password, bearer: body.token.token };
  }

  /** Registers an organisation, verifies its admin's email through the mailed link, and logs in. */
  async function newOrganisation(overrides: Partial<RegisterRequest> = {}): Promise<SignedIn> {
    const suffix = uniqueSuffix();
    const form = {
      name: 'Ada Admin',
      email: `ada-${suffix}@org-${suffix}.com`,
      password: `pw-${suffix}-secret`,
      organisation: `Org ${suffix}`,
      domain: `org-${suffix}.com`,
      ...overrides,
    };
    ok(await call(target, registerContract, form));
    const mail = await sink.waitFor({ to: form.email, subject: 'Verify your email address' });
    ok(
      await call(target, verifyEmailContract, { token: linkTokenIn(mail, `${publicBaseUrl}/verify-email/`) }),
    );
    return login(form.email, form.password);
  }

  /** Invites a user into the admin's organisation, sets the password through the mailed link, and logs in. */
  async function newUser(admin: SignedIn, role: CustomerRole = 'CUSTOMER_ORG_USER'): Promise<SignedIn> {
    const suffix = uniqueSuffix();
    const email = `user-${suffix}@${admin.organisation.domain}`;
    const password = `pw-${suffix}-secret`;
    ok(
      await call(
        target,
        createUsersContract,
        { users: [{ name: `User ${suffix}`, email, role_names: [role] }] },
        { token: admin.bearer },
      ),
    );
    const mail = await sink.waitFor({ to: email });
    const token = linkTokenIn(mail, `${publicBaseUrl}/password/create/`);
    ok(await call(target, passwordSetContract, { token, password, request_type: 'password_create' }));
    return login(email, password);
  }

  return { login, newOrganisation, newUser };
}

export type AuthFactories = ReturnType<typeof authFactories>;
