import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import { accountRecordSchema, successSchema } from './accounts.contract';
import { authMessages, emailSchema, idSchema, personNameSchema } from './fields';

/** Spec section 5, "Invite form": Admin (CUSTOMER_ORG_ADMIN) or User (CUSTOMER_ORG_USER), default User. */
export const customerRoleSchema = z.enum(['CUSTOMER_ORG_ADMIN', 'CUSTOMER_ORG_USER'], {
  // A role given that is neither says so; none given is 'Role is required'.
  error: (issue) =>
    issue.input === undefined || issue.input === null || issue.input === ''
      ? authMessages.roleRequired
      : 'Choose the role Admin (CUSTOMER_ORG_ADMIN) or User (CUSTOMER_ORG_USER)',
});
export type CustomerRole = z.infer<typeof customerRoleSchema>;

/** decisions.md: an admin-only action refused says so. */
export const ADMINS_ONLY_USERS = 'Only admins can invite, edit or remove users';

const roleNamesSchema = z.array(customerRoleSchema).min(1, { error: authMessages.roleRequired });

export const ROLES_DISAGREE = 'roles and role_names must name the same roles';

/** Spec section 3, "User invite record": email, name, roles[{role_name}]. */
export const userInviteRecordSchema = z.object({
  name: personNameSchema,
  email: emailSchema,
  roles: z.array(z.object({ role_name: customerRoleSchema })).min(1, { error: authMessages.roleRequired }),
});

/**
 * One user of create.users: the spec's record, whose roles may also come as `role_names` (the
 * earlier shape, still accepted; given both, they must name the same roles). Neither: User.
 * No transform: what the web parses is what it sends.
 */
export const userInviteSchema = userInviteRecordSchema
  .extend({
    roles: userInviteRecordSchema.shape.roles.optional(),
    role_names: roleNamesSchema.optional(),
  })
  .superRefine(({ roles, role_names }, ctx) => {
    if (!sameRoles(roles, role_names))
      ctx.addIssue({ code: 'custom', path: ['role_names'], message: ROLES_DISAGREE });
  });
export type UserInvite = z.input<typeof userInviteSchema>;

/** The roles an invite asks for, whichever shape brought them; User when it names none. */
export function invitedRoleNames(invite: z.output<typeof userInviteSchema>): CustomerRole[] {
  return invite.roles?.map((role) => role.role_name) ?? invite.role_names ?? ['CUSTOMER_ORG_USER'];
}

export const MAX_INVITES_PER_REQUEST = 50;

/**
 * Admins only (403 `ForbiddenException` otherwise). All or nothing: an email that
 * already has an account answers 409 `AccountAlreadyExistsException` with the
 * field `users.{i}.email`, and nobody is invited. Each invitee gets a
 * `/password/create/{token}` mail.
 */
export const createUsersContract = defineEndpoint({
  service: 'auth',
  method: 'POST',
  path: '/accounts/create.users',
  access: 'bearer',
  request: z.object({
    users: z
      .array(userInviteSchema)
      .min(1, { error: 'Add at least one user' })
      .max(MAX_INVITES_PER_REQUEST, { error: `Invite at most ${MAX_INVITES_PER_REQUEST} users at once` }),
  }),
  response: successSchema.extend({ accounts: z.array(accountRecordSchema) }),
});

const accountIdSchema = idSchema('Account is required');

/** Admins only. Deletes an invite that has not been accepted; anything else is 404. */
export const deleteInviteContract = defineEndpoint({
  service: 'auth',
  method: 'POST',
  path: '/accounts/delete.invite',
  access: 'bearer',
  request: z.object({ account_id: accountIdSchema }),
  response: successSchema,
});

/**
 * Admins only. Sends a new password-create link (the old one stops working) and
 * saves the name and roles; the email cannot change (`email` must be the invite's).
 */
export const resendInviteContract = defineEndpoint({
  service: 'auth',
  method: 'POST',
  path: '/accounts/resend.invite',
  access: 'bearer',
  request: z.object({
    account_id: accountIdSchema,
    name: personNameSchema,
    email: emailSchema,
    role_names: roleNamesSchema,
  }),
  response: successSchema.extend({ account: accountRecordSchema }),
});

/** Whether an edit's `roles` and `role_names`, when both are given, name the same roles. */
function sameRoles(roles: { role_name: CustomerRole }[] | undefined, roleNames: CustomerRole[] | undefined) {
  if (!roles || !roleNames) return true;
  const fromRoles = new Set(roles.map((role) => role.role_name));
  return fromRoles.size === new Set(roleNames).size && roleNames.every((name) => fromRoles.has(name));
}

/**
 * Admins only. Changes a user's name and roles. The roles come as `role_names` or, as the invite
 * record writes them, `roles: [{role_name}]` (given both, they must agree). The email never
 * changes: an `email` other than the account's answers 400 'Email cannot be changed'.
 */
export const updateAccountContract = defineEndpoint({
  service: 'auth',
  method: 'POST',
  path: '/accounts/update',
  access: 'bearer',
  request: z
    .object({
      account_id: accountIdSchema,
      name: personNameSchema.optional(),
      email: emailSchema.optional(),
      roles: userInviteRecordSchema.shape.roles.optional(),
      role_names: roleNamesSchema.optional(),
    })
    .superRefine(({ roles, role_names }, ctx) => {
      if (!sameRoles(roles, role_names))
        ctx.addIssue({ code: 'custom', path: ['role_names'], message: ROLES_DISAGREE });
    }),
  response: successSchema.extend({ account: accountRecordSchema }),
});

/** The roles an edit sets, whichever shape brought them; undefined when it leaves them alone. */
export function editedRoleNames(
  edit: z.output<typeof updateAccountContract.request>,
): CustomerRole[] | undefined {
  return edit.role_names ?? edit.roles?.map((role) => role.role_name);
}
