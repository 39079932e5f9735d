import type { CustomerRole, RoleName } from '@meridian/contracts';

/** Spec section 5, "Invite form": Admin (CUSTOMER_ORG_ADMIN) or User (CUSTOMER_ORG_USER), default User. */
export const ROLE_OPTIONS: { value: CustomerRole; label: string }[] = [
  { value: 'CUSTOMER_ORG_ADMIN', label: 'Admin' },
  { value: 'CUSTOMER_ORG_USER', label: 'User' },
];

export const DEFAULT_ROLE: CustomerRole = 'CUSTOMER_ORG_USER';

const ROLE_LABELS: Record<RoleName, string> = {
  CUSTOMER_ORG_ADMIN: 'Admin',
  CUSTOMER_ORG_USER: 'User',
  INTERNAL_STAFF: 'Staff',
};

export function roleLabel(role: RoleName): string {
  return ROLE_LABELS[role];
}

/** The role the forms edit: Admin when the account has it, User otherwise. */
export function primaryRole(roles: readonly { role_name: RoleName }[]): CustomerRole {
  return roles.some((role) => role.role_name === 'CUSTOMER_ORG_ADMIN')
    ? 'CUSTOMER_ORG_ADMIN'
    : 'CUSTOMER_ORG_USER';
}

/** The role shown in the table: Staff outranks Admin outranks User. */
export function displayRole(roles: readonly { role_name: RoleName }[]): RoleName {
  if (roles.some((role) => role.role_name === 'INTERNAL_STAFF')) return 'INTERNAL_STAFF';
  return primaryRole(roles);
}
