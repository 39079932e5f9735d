import { Inject, Injectable } from '@nestjs/common';
import type { LoginResponse } from '@meridian/contracts';
import { CONFIG } from '@meridian/server-kit';
import { hashSecret } from '../../common/secrets';
import type { AuthConfig } from '../../config';
import { AccountsService } from '../accounts/accounts.service';
import { SessionsService, toLoginResponse } from '../sessions/sessions.service';
import { SamlLoginRepository } from './saml-login.repository';
import { SamlError } from './saml.errors';

/** `/saml/sso2.login`: the one-time code from the SSO redirect becomes a session, once. */
@Injectable()
export class SsoSessionService {
  constructor(
    private readonly logins: SamlLoginRepository,
    private readonly accounts: AccountsService,
    private readonly sessions: SessionsService,
    @Inject(CONFIG) private readonly config: AuthConfig,
  ) {}

  async exchange(code: string): Promise<LoginResponse> {
    const accountId = await this.logins.consumeCode(hashSecret(code));
    const account = accountId ? await this.accounts.findById(accountId) : null;
    if (!account || !account.is_active) throw new SamlError('SamlLoginFailedException');
    return toLoginResponse(
      await this.sessions.start(account, { ttlMinutes: this.config.SESSION_TTL_HOURS * 60 }),
    );
  }
}
