import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import { successSchema } from './accounts.contract';
import { emailSchema, givenPasswordSchema, linkTokenSchema, newPasswordSchema } from './fields';

/** Spec section 7: the token check's request types. */
export const linkRequestTypeSchema = z.enum(['password_create', 'password_reset', 'verify_email']);
export type LinkRequestType = z.infer<typeof linkRequestTypeSchema>;

/** Whether a link is still usable; `valid: false` shows the 'Link Expired' screen. */
export const passwordTokenValidContract = defineEndpoint({
  service: 'auth',
  method: 'POST',
  path: '/accounts/password/token.valid',
  access: 'public',
  request: z.object({ token: linkTokenSchema, request_type: linkRequestTypeSchema }),
  response: z.object({ valid: z.boolean() }),
});

/**
 * Sets the password from a `/password/create/{token}` or `/password/reset/{token}`
 * link; ends every session of the account. A used or expired link answers
 * `LinkExpiredException`. The reset screen calls `passwordResetContract`; this one
 * still takes both kinds.
 */
export const passwordSetContract = defineEndpoint({
  service: 'auth',
  method: 'POST',
  path: '/accounts/password.set',
  access: 'public',
  request: z.object({
    token: linkTokenSchema,
    password: newPasswordSchema,
    request_type: z.enum(['password_create', 'password_reset']),
  }),
  response: successSchema,
});

/**
 * Spec 7's `email.reset`: resets the password from a `/password/reset/{token}` link, by the
 * rules of `passwordSetContract` with `request_type: 'password_reset'` (the link used once,
 * every session of the account ended, `LinkExpiredException` for a used or expired link).
 */
export const passwordResetContract = defineEndpoint({
  service: 'auth',
  method: 'POST',
  path: '/accounts/password/email.reset',
  access: 'public',
  request: z.object({ token: linkTokenSchema, password: newPasswordSchema }),
  response: successSchema,
});

/** Changes the caller's own password; ends the account's other sessions. */
export const passwordChangeContract = defineEndpoint({
  service: 'auth',
  method: 'POST',
  path: '/accounts/password.change',
  access: 'bearer',
  request: z.object({ old_password: givenPasswordSchema, new_password: newPasswordSchema }),
  response: successSchema,
});

/**
 * Mails a `/password/reset/{token}` link. An unknown email answers 404
 * `AccountDoesNotExistsException` (the spec names an account-not-found message),
 * after the same work and in the same time as a known one.
 */
export const passwordSendResetContract = defineEndpoint({
  service: 'auth',
  method: 'POST',
  path: '/accounts/password/send.reset',
  access: 'public',
  request: z.object({ email: emailSchema }),
  response: successSchema,
});
