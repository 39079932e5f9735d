import { connectionMessages } from '@meridian/contracts';
import { DomainError, NotFoundError, hasRole, type RequestContext } from '@meridian/server-kit';

/** Another organisation's connection, or none: the same answer. */
export class ConnectionNotFoundError extends NotFoundError {
  constructor() {
    super(connectionMessages.notFound);
  }
}

/** Decisions, "Admin-only actions": connections are changed by admins only. */
export function requireConnectionAdmin(auth: RequestContext): void {
  if (!hasRole(auth, 'CUSTOMER_ORG_ADMIN')) {
    throw new DomainError('ForbiddenException', { description: connectionMessages.adminsOnly });
  }
}
