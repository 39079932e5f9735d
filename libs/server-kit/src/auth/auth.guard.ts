import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { DomainError } from '../errors/domain-error';
import { endpointOf } from '../http/endpoint.decorator';
import { LOGGER } from '../logging/logger.module';
import { loggedPath } from '../logging/logger';
import { type ClosableResponse, OrganisationGate } from './organisation-gate';
import type { AuthenticatedRequest } from './request-context';
import { TOKEN_VERIFIER, type TokenVerifier } from './token-verifier';

export function bearerTokenOf(request: {
  headers: Record<string, string | string[] | undefined>;
}): string | null {
  const header = request.headers.authorization;
  const value = Array.isArray(header) ? header[0] : header;
  const match = value?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1] ?? null;
}

/**
 * Every route is closed unless its contract says `public`. A missing token is
 * 'Auth token not found'; an unknown, expired or revoked one is 401; `staff`
 * endpoints need an internal staff session. A signed-in request then waits for its
 * organisation's turn (OrganisationGate): 429 when too many of that organisation's wait already.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    @Inject(TOKEN_VERIFIER) private readonly verifier: TokenVerifier,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly gate: OrganisationGate,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const contract = endpointOf(context);
    if (contract?.access === 'public') return true;
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const token = bearerTokenOf(request);
    if (!token) throw new DomainError('AuthTokenNotFoundException');
    const auth = await this.verifier.verify(token);
    if (!auth) throw new DomainError('InvalidAuthTokenException');
    if (contract?.access === 'staff' && !auth.isStaff) throw new DomainError('ForbiddenException');
    const response = context.switchToHttp().getResponse<{ raw: ClosableResponse }>().raw;
    const entered = this.gate.enter(auth.organisationId, response);
    if (!(entered === true || (await entered))) throw new DomainError('TooManyRequestsException');
    request.auth = auth;
    request.bearerToken = token;
    if (auth.impersonatorId) {
      this.logger.info(
        {
          account_id: auth.accountId,
          organisation_id: auth.organisationId,
          impersonator_id: auth.impersonatorId,
          url: loggedPath(request.url),
        },
        'impersonated request',
      );
    }
    return true;
  }
}
