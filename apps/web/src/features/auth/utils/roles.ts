import type { RoleName, Session } from '@meridian/contracts';

export function hasRole(session: Session | undefined, role: RoleName): boolean {
  return session?.roles.some((r) => r.role_name === role) ?? false;
}

export function isInternalStaff(session: Session | undefined): boolean {
  return hasRole(session, 'INTERNAL_STAFF');
}

/** Spec section 6: only admins invite, resend, delete and edit users, and change SSO. */
export function isOrganisationAdmin(session: Session | undefined): boolean {
  return hasRole(session, 'CUSTOMER_ORG_ADMIN');
}
