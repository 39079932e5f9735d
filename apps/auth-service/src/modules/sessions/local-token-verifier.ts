import { Injectable } from '@nestjs/common';
import { type RequestContext, sessionToContext, type TokenVerifier } from '@meridian/server-kit';
import { SessionsService } from './sessions.service';

/**
 * The auth service resolves bearer tokens from its own tables, not over HTTP:
 * a revoked or expired session is refused on the next request.
 */
@Injectable()
export class LocalTokenVerifier implements TokenVerifier {
  constructor(private readonly sessions: SessionsService) {}

  async verify(token: string): Promise<RequestContext | null> {
    const session = await this.sessions.resolve(token);
    return session ? sessionToContext(session) : null;
  }
}
