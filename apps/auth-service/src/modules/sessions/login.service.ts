import { Inject, Injectable } from '@nestjs/common';
import type { Credentials, LoginResponse } from '@meridian/contracts';
import { CONFIG } from '@meridian/server-kit';
import type { AuthConfig } from '../../config';
import { AccountsService } from '../accounts/accounts.service';
import { PasswordHasher } from '../accounts/password-hasher';
import { RegistrationService } from '../accounts/registration.service';
import { LoginRateLimiter } from './login-rate-limiter';
import { SessionsService, toLoginResponse } from './sessions.service';
import { SessionsError } from './sessions.errors';

/** Password login: rate limited, the same work for unknown emails, verified emails only. */
@Injectable()
export class LoginService {
  constructor(
    private readonly accounts: AccountsService,
    private readonly hasher: PasswordHasher,
    private readonly limiter: LoginRateLimiter,
    private readonly sessions: SessionsService,
    private readonly registration: RegistrationService,
    @Inject(CONFIG) private readonly config: AuthConfig,
  ) {}

  async login(credentials: Credentials, ip: string): Promise<LoginResponse> {
    const { email, password } = credentials;
    await this.limiter.assertAllowed('login', email, ip);
    const account = await this.accounts.findByEmailWithPassword(email);
    // Always hash, even for an unknown email: the time taken must not tell them apart.
    const matches = await this.hasher.verify(account?.password_hash, password);
    const refuse = async (code: 'InvalidPasswordException' | 'SsoLoginRequiredException') => {
      await this.limiter.record('login', email, ip);
      return new SessionsError(code);
    };
    // One code for an unknown email and a wrong password: the answer must not tell them apart.
    if (!account) throw await refuse('InvalidPasswordException');
    if (account.is_federated_user && !account.password_hash) throw await refuse('SsoLoginRequiredException');
    if (!matches) throw await refuse('InvalidPasswordException');
    if (!account.is_active || !account.organisation?.is_active) {
      throw new SessionsError('AccountDisabledException');
    }
    if (!account.is_email_verified) {
      // Counted, so a known password cannot be used to flood the inbox with verification mails.
      await this.limiter.record('login', email, ip);
      await this.registration.resendVerification(account);
      throw new SessionsError('EmailNotVerifiedException');
    }
    await this.limiter.clear('login', email, ip);
    const started = await this.sessions.start(account, { ttlMinutes: this.config.SESSION_TTL_HOURS * 60 });
    return toLoginResponse(started);
  }
}
