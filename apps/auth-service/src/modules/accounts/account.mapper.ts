import type { AccountRecord, RoleName, SessionUser } from '@meridian/contracts';
import { type AccountEntity, isInvitePending } from './account.entity';

const ROLE_ORDER: RoleName[] = ['INTERNAL_STAFF', 'CUSTOMER_ORG_ADMIN', 'CUSTOMER_ORG_USER'];

export function roleNamesOf(account: AccountEntity): RoleName[] {
  const names = new Set((account.roles ?? []).map((role) => role.role_name));
  return ROLE_ORDER.filter((name) => names.has(name));
}

export function toSessionUser(account: AccountEntity): SessionUser {
  return {
    id: account.id,
    organisation_id: account.organisation_id,
    name: account.name,
    email: account.email,
    is_active: account.is_active,
    is_email_verified: account.is_email_verified,
    is_federated_user: account.is_federated_user,
    roles: roleNamesOf(account).map((role_name) => ({ role_name })),
    time_created: account.time_created.toISOString(),
    time_updated: account.time_updated.toISOString(),
  };
}

export function toAccountRecord(account: AccountEntity): AccountRecord {
  return { ...toSessionUser(account), is_invite_pending: isInvitePending(account) };
}
