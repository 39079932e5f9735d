import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';

export const roleNameSchema = z.enum(['CUSTOMER_ORG_ADMIN', 'CUSTOMER_ORG_USER', 'INTERNAL_STAFF']);
export type RoleName = z.infer<typeof roleNameSchema>;
export const roleSchema = z.object({ role_name: roleNameSchema });

/** Spec section 3, "Session user". */
export const sessionUserSchema = z.object({
  id: z.string(),
  organisation_id: z.string(),
  name: z.string(),
  email: z.string(),
  is_active: z.boolean(),
  is_email_verified: z.boolean(),
  is_federated_user: z.boolean(),
  roles: z.array(roleSchema),
  time_created: z.string(),
  time_updated: z.string(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** Spec section 3, "Organisation". */
export const organisationSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  domain: z.string(),
  is_active: z.boolean(),
  time_created: z.string(),
  time_updated: z.string(),
});
export type Organisation = z.infer<typeof organisationSchema>;

export const impersonatorSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });

/** What a live session resolves to: the web app's current user, and every service's request context. */
export const sessionSchema = z.object({
  account: sessionUserSchema,
  roles: z.array(roleSchema),
  organisation: organisationSchema,
  impersonator: impersonatorSchema.nullable(),
  session: z.object({ id: z.string(), expires_at: z.string() }),
});
export type Session = z.infer<typeof sessionSchema>;

export const tokenVerifyContract = defineEndpoint({
  service: 'auth',
  method: 'POST',
  path: '/accounts/token.verify',
  access: 'bearer',
  request: z.object({ role_names: z.array(roleNameSchema).default([]) }),
  response: sessionSchema,
});
