import { type Session, sessionSchema, tokenVerifyContract } from '@meridian/contracts';
import { DomainError } from '../errors/domain-error';
import { CORRELATION_HEADER, currentCorrelationId } from '../logging/logger';
import type { RequestContext } from './request-context';
import { SessionCache } from './session-cache';
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
 * The auth service could not say whether a session holds (unreachable, timed out, or failing
 * itself): 503 in the one error body, not a 500 of the asking service. `reason` is for the log.
 */
export class AuthUnavailableError extends DomainError {
  constructor(readonly reason: string) {
    super('ServiceUnavailableException');
  }
}

/**
 * Used by every service but auth: asks the auth service, which owns sessions. A session it
 * confirmed is believed for a short while (`cache`, off when its TTL is 0) and forgotten at once
 * when auth announces the session's end (sessionRevoked, see session-revocations.ts), so a
 * logout or a password change still ends a session everywhere without a round trip per request.
 */
export class HttpTokenVerifier implements TokenVerifier {
  constructor(
    private readonly authServiceUrl: string,
    readonly cache: SessionCache = new SessionCache({ ttlMs: 0, maxEntries: 0 }),
    private readonly timeoutMs = 5000,
  ) {}

  async verify(token: string): Promise<RequestContext | null> {
    const cached = this.cache.get(token);
    if (cached) return cached;
    const ticket = this.cache.ticket();
    const correlationId = currentCorrelationId();
    let response: Response;
    try {
      response = await fetch(`${this.authServiceUrl}${tokenVerifyContract.fullPath}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          ...(correlationId ? { [CORRELATION_HEADER]: correlationId } : {}),
        },
        body: JSON.stringify({ role_names: [] }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      // Auth down, restarting or too slow: the caller may try again, it did nothing wrong.
      throw new AuthUnavailableError(`token.verify failed: ${(error as Error).message}`);
    }
    if (response.status === 401 || response.status === 403) return null;
    if (response.status >= 500) {
      await response.body?.cancel();
      throw new AuthUnavailableError(`auth service answered ${response.status} to token.verify`);
    }
    if (!response.ok) throw new Error(`auth service answered ${response.status} to token.verify`);
    let body: unknown;
    try {
      body = await response.json();
    } catch (error) {
      // The answer broke off (auth stopped mid-answer).
      throw new AuthUnavailableError(`token.verify answer unreadable: ${(error as Error).message}`);
    }
    const session = sessionSchema.parse(body);
    const context = sessionToContext(session);
    this.cache.put(token, context, Date.parse(session.session.expires_at), ticket);
    return context;
  }
}
