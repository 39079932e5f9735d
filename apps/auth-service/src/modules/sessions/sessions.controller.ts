import { Controller, Ip } from '@nestjs/common';
import {
  loginContract,
  logoutContract,
  type ParsedRequestOf,
  type ResponseOf,
  tokenVerifyContract,
} from '@meridian/contracts';
import { Auth, DomainError, Endpoint, Input, type RequestContext } from '@meridian/server-kit';
import { LoginService } from './login.service';
import { SessionsService } from './sessions.service';
import { SessionsError } from './sessions.errors';

@Controller()
export class SessionsController {
  constructor(
    private readonly login: LoginService,
    private readonly sessions: SessionsService,
  ) {}

  @Endpoint(loginContract)
  logIn(
    @Input() input: ParsedRequestOf<typeof loginContract>,
    @Ip() ip: string,
  ): Promise<ResponseOf<typeof loginContract>> {
    return this.login.login(input.credentials, ip);
  }

  @Endpoint(logoutContract)
  async logOut(@Auth() auth: RequestContext): Promise<ResponseOf<typeof logoutContract>> {
    await this.sessions.end(auth.sessionId);
    return { success: true };
  }

  /**
   * The caller's session, as every service resolves bearer tokens. With
   * `role_names`, the session must hold one of them (403 otherwise).
   */
  @Endpoint(tokenVerifyContract)
  async verify(
    @Auth() auth: RequestContext,
    @Input() input: ParsedRequestOf<typeof tokenVerifyContract>,
  ): Promise<ResponseOf<typeof tokenVerifyContract>> {
    const session = await this.sessions.describe(auth.sessionId);
    if (!session) throw new DomainError('InvalidAuthTokenException');
    const held = new Set(session.roles.map((role) => role.role_name));
    if (input.role_names.length > 0 && !input.role_names.some((role) => held.has(role))) {
      throw new SessionsError('ForbiddenException');
    }
    return session;
  }
}
