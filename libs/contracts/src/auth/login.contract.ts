import { z } from 'zod';
import { defineEndpoint, emptyRequest } from '../http/endpoint';
import { emailSchema, givenPasswordSchema } from './fields';
import { impersonatorSchema, organisationSchema, roleSchema, sessionUserSchema } from './session.contract';
import { successSchema } from './accounts.contract';

/** The spec's `credentials`. */
export const credentialsSchema = z.object({ email: emailSchema, password: givenPasswordSchema });
export type Credentials = z.input<typeof credentialsSchema>;

/** The bearer token, shown once; the browser keeps it under `authToken`. */
export const issuedTokenSchema = z.object({ token: z.string(), expires_at: z.string() });

/** Spec section 7: "Login responses carry account, roles, organisation and token.token". */
export const loginResponseSchema = z.object({
  account: sessionUserSchema,
  roles: z.array(roleSchema),
  organisation: organisationSchema,
  token: issuedTokenSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** The login body, as spec section 7 writes it: `{credentials: {email, password}}`. */
export const loginRequestSchema = z.object({ credentials: credentialsSchema });
export type LoginRequest = z.input<typeof loginRequestSchema>;

/**
 * Refusals: `InvalidPasswordException` for a wrong password and an unknown email alike (401,
 * 'Username and password do not match. Please try again': one code, so the answer does not
 * tell which accounts exist), `EmailNotVerifiedException`,
 * `SsoLoginRequiredException`, `AccountDisabledException` (403), `TooManyRequestsException` (429).
 */
export const loginContract = defineEndpoint({
  service: 'auth',
  method: 'POST',
  path: '/accounts/login',
  access: 'public',
  request: loginRequestSchema,
  response: loginResponseSchema,
});

/** Ends the calling session at once, in every service. */
export const logoutContract = defineEndpoint({
  service: 'auth',
  method: 'POST',
  path: '/accounts/logout',
  access: 'bearer',
  request: emptyRequest,
  response: successSchema,
});

export const impersonationResponseSchema = loginResponseSchema.extend({ impersonator: impersonatorSchema });
