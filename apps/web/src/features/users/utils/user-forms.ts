import {
  createUsersContract,
  customerRoleSchema,
  personNameSchema,
  userInviteRecordSchema,
  type AccountRecord,
  type CustomerRole,
  type RequestOf,
  type resendInviteContract,
  type updateAccountContract,
} from '@meridian/contracts';
import { z } from 'zod';
import { DEFAULT_ROLE, primaryRole } from './roles';

/** One row of the invite dialog: name, email and one role, checked with the contract's rules. */
export const inviteRowSchema = userInviteRecordSchema
  .pick({ name: true, email: true })
  .extend({ role: customerRoleSchema });

export const inviteFormSchema = z.object({ users: z.array(inviteRowSchema) });

export interface InviteRow {
  /** Keeps React's row identity while rows are added and removed. */
  key: string;
  name: string;
  email: string;
  role: CustomerRole;
}
export interface InviteForm {
  users: InviteRow[];
}

let rowCounter = 0;
export function emptyInviteRow(): InviteRow {
  rowCounter += 1;
  return { key: `invite-row-${rowCounter}`, name: '', email: '', role: DEFAULT_ROLE };
}

/** The create.users body: each row as the spec's invite record, its role in `roles`. */
export function toCreateUsersRequest(values: InviteForm): RequestOf<typeof createUsersContract> {
  const parsed = inviteFormSchema.parse(values);
  return {
    users: parsed.users.map(({ name, email, role }) => ({ name, email, roles: [{ role_name: role }] })),
  };
}

/** Spec section 8: 'Invitation to {emails} failed'. */
export function inviteFailedMessage(emails: readonly string[]): string {
  return `Invitation to ${emails.map((email) => email.trim()).join(', ')} failed`;
}

/** Edit and resend: the name and role; the email is shown but never changes. */
export const userEditFormSchema = z.object({ name: personNameSchema, role: customerRoleSchema });
export type UserEditForm = z.input<typeof userEditFormSchema>;

export function userEditInitialValues(account: AccountRecord): UserEditForm {
  return { name: account.name, role: primaryRole(account.roles) };
}

/** Spec section 5: editing sends only the changed name and roles. Null when nothing changed. */
export function userChanges(
  account: AccountRecord,
  values: UserEditForm,
): RequestOf<typeof updateAccountContract> | null {
  const parsed = userEditFormSchema.parse(values);
  const changes: RequestOf<typeof updateAccountContract> = { account_id: account.id };
  if (parsed.name !== account.name) changes.name = parsed.name;
  if (parsed.role !== primaryRole(account.roles)) changes.role_names = [parsed.role];
  return changes.name === undefined && changes.role_names === undefined ? null : changes;
}

/** Resending an invite saves its name and role and mails a fresh link. */
export function resendRequest(
  account: AccountRecord,
  values: UserEditForm,
): RequestOf<typeof resendInviteContract> {
  const parsed = userEditFormSchema.parse(values);
  return { account_id: account.id, name: parsed.name, email: account.email, role_names: [parsed.role] };
}
