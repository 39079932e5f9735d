import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import { pageInfoSchema, pageRequestSchema } from '../http/pagination';
import {
  authMessages,
  domainSchema,
  emailSchema,
  linkTokenSchema,
  newPasswordSchema,
  personNameSchema,
  requiredString,
} from './fields';
import { isEmailAtDomain, isPublicDomain } from './domain';
import { organisationSchema, sessionUserSchema } from './session.contract';

/** Spec section 3, "Register form"; section 5, "Register". */
export const registerRequestSchema = z
  .object({
    name: personNameSchema,
    email: emailSchema,
    password: newPasswordSchema,
    organisation: requiredString(authMessages.organisationRequired).max(200),
    domain: domainSchema,
  })
  .superRefine((form, context) => {
    // Only when both are valid on their own: each has its own message otherwise.
    if (!isPublicDomain(form.domain) || !form.email.includes('@')) return;
    if (!isEmailAtDomain(form.email, form.domain)) {
      context.addIssue({ code: 'custom', path: ['domain'], message: authMessages.domainNotEmails });
    }
  });
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const successSchema = z.object({ success: z.literal(true) });

/** Creates the organisation and its first admin (unverified); mails a `/verify-email/{token}` link. */
export const registerContract = defineEndpoint({
  service: 'auth',
  method: 'POST',
  path: '/accounts/register',
  access: 'public',
  request: registerRequestSchema,
  response: successSchema.extend({ account: sessionUserSchema, organisation: organisationSchema }),
});

/** The `/verify-email/{token}` page: marks the email verified (toast 'Email verified Successfully!'). */
export const verifyEmailContract = defineEndpoint({
  service: 'auth',
  method: 'POST',
  path: '/accounts/verify',
  access: 'public',
  request: z.object({ token: linkTokenSchema }),
  response: successSchema,
});

/** Product decisions, "Name": the password auth type is `meridian`. */
export const authTypeSchema = z.enum(['sso', 'meridian']);
export type AuthType = z.infer<typeof authTypeSchema>;

/**
 * The login email step. `sso` comes with `redirect_url`, where the browser goes
 * to start single sign-on (it redirects on to the organisation's identity provider).
 */
export const lookupContract = defineEndpoint({
  service: 'auth',
  method: 'POST',
  path: '/accounts/lookup',
  access: 'public',
  request: z.object({ email: emailSchema }),
  response: z.object({ auth_type: authTypeSchema, redirect_url: z.string().optional() }),
});

/** A row of the Users page: the account, its roles, and whether its invite is still open. */
export const accountRecordSchema = sessionUserSchema.extend({ is_invite_pending: z.boolean() });
export type AccountRecord = z.infer<typeof accountRecordSchema>;

export const accountPageSchema = pageInfoSchema.extend({ records: z.array(accountRecordSchema) });

/** The caller's organisation's accounts, oldest first. */
export const accountListContract = defineEndpoint({
  service: 'auth',
  method: 'POST',
  path: '/accounts/list',
  access: 'bearer',
  request: pageRequestSchema,
  response: accountPageSchema,
});
