import { createUsersContract, type CustomerRole, type UserInvite } from '@meridian/contracts';
import { ok, type SignedIn, uniqueSuffix } from '@meridian/testing';
import { PUBLIC_BASE_URL, type AuthTestApp } from './auth-test-app';

export const CREATE_LINK = `${PUBLIC_BASE_URL}/password/create/`;

/** An invite row for the admin's organisation, with a unique email. */
export function invitee(admin: SignedIn, role: CustomerRole = 'CUSTOMER_ORG_USER') {
  const suffix = uniqueSuffix();
  return {
    name: `Invitee ${suffix}`,
    email: `invitee-${suffix}@${admin.organisation.domain}`,
    role_names: [role],
  };
}

export async function invite(t: AuthTestApp, admin: SignedIn, users: UserInvite[]) {
  const response = ok(await t.call(createUsersContract, { users }, { token: admin.bearer }));
  return response.body.accounts as Array<{ id: string; email: string }>;
}
