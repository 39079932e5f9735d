import { type Session, sessionSchema, tokenVerifyContract } from '@meridian/contracts';
import { CORRELATION_HEADER, currentCorrelationId } from '../logging/logger';
import type { RequestContext } from './request-context';
import type { TokenVerifier } from './token-verifier';

export function sessionToContext(session: Session): RequestContext {
  return {
    accountId: session.account.id,
    organisationId: session.organisation.id,
    sessionId: session.session.id,
    email: session.account.email,
    name: session.account.name,
    roles: session.roles.map((r) => r.role_name),
    impersonatorId: session.impersonator?.id ?? null,
    isStaff: session.roles.some((r) => r.role_name === 'INTERNAL_STAFF'),
  };
}

/**
 * Used by every service but auth: asks the auth service, which owns sessions,
 * on each request, so a logout or a password change ends a session everywhere at once.
 */
export class HttpTokenVerifier implements TokenVerifier {
  constructor(
    private readonly authServiceUrl: string,
    private readonly timeoutMs = 5000,
  ) {}

  async verify(token: string): Promise<RequestContext | null> {
    const correlationId = currentCorrelationId();
    const response = await fetch(`${this.authServiceUrl}${tokenVerifyContract.fullPath}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        ...(correlationId ? { [CORRELATION_HEADER]: correlationId } : {}),
      },
      body: JSON.stringify({ role_names: [] }),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    if (response.status === 401 || response.status === 403) return null;
    if (!response.ok) throw new Error(`auth service answered ${response.status} to token.verify`);
    return sessionToContext(sessionSchema.parse(await response.json()));
  }
}
