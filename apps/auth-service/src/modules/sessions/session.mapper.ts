import type { Session } from '@meridian/contracts';
import { toSessionUser } from '../accounts/account.mapper';
import { toOrganisation } from '../organisations/organisation.mapper';
import type { SessionEntity } from './session.entity';

/** A live session row (with its account, roles, organisation and impersonator) as the contract's Session. */
export function toSession(row: SessionEntity): Session {
  const account = row.account!;
  const user = toSessionUser(account);
  return {
    account: user,
    roles: user.roles,
    organisation: toOrganisation(account.organisation!),
    impersonator: row.impersonator
      ? { id: row.impersonator.id, name: row.impersonator.name, email: row.impersonator.email }
      : null,
    session: { id: row.id, expires_at: row.expires_at.toISOString() },
  };
}
