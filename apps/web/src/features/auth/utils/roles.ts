import type { RoleName, Session } from '@meridian/contracts';

export function hasRole(session: Session | undefined, role: RoleName): boolean {
  return session?.roles.some((r) => r.role_name === role) ?? false;
}

export function isInternalStaff(session: Session | undefined): boolean {
  return hasRole(session, 'INTERNAL_STAFF');
}
