import { Injectable } from '@nestjs/common';
import { ACTIVATION_LINK_EXPIRED, type LinkRequestType, RESET_LINK_EXPIRED } from '@meridian/contracts';
import { type RequestContext, Transactions } from '@meridian/server-kit';
import { AccountTokensService } from '../accounts/account-tokens.service';
import { AccountsService } from '../accounts/accounts.service';
import { PasswordHasher } from '../accounts/password-hasher';
import { LoginRateLimiter } from '../sessions/login-rate-limiter';
import { SessionsService } from '../sessions/sessions.service';
import { PasswordsError } from './passwords.errors';

/** Link checks, setting a password from a link, and changing one's own password. */
@Injectable()
export class PasswordsService {
  constructor(
    private readonly transactions: Transactions,
    private readonly accounts: AccountsService,
    private readonly tokens: AccountTokensService,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionsService,
    private readonly limiter: LoginRateLimiter,
  ) {}

  isLinkValid(token: string, type: LinkRequestType): Promise<boolean> {
    return this.tokens.isUsable(token, type);
  }

  /** Uses the link once, sets the password, retires the account's other password links, and ends every session of the account. */
  async setFromLink(
    token: string,
    password: string,
    type: 'password_create' | 'password_reset',
  ): Promise<void> {
    const passwordHash = await this.hasher.hash(password);
    const done = await this.transactions.run(async (tx) => {
      const accountId = await this.tokens.consume(token, type, tx);
      if (!accountId) return false;
      await this.accounts.setPasswordFromLink(accountId, passwordHash, tx);
      await this.tokens.retirePasswordLinks(accountId, tx);
      await this.sessions.endAllOf(accountId, {}, tx);
      return true;
    });
    if (!done) {
      throw new PasswordsError('LinkExpiredException', {
        description: type === 'password_reset' ? RESET_LINK_EXPIRED : ACTIVATION_LINK_EXPIRED,
      });
    }
  }

  /**
   * Changes the caller's password; the caller's session stays, every other one
   * ends. Wrong current passwords count towards the login limit of the account.
   */
  async change(auth: RequestContext, oldPassword: string, newPassword: string, ip: string): Promise<void> {
    await this.limiter.assertAllowed('login', auth.email, ip);
    const current = await this.accounts.passwordHashOf(auth.accountId);
    if (!(await this.hasher.verify(current, oldPassword))) {
      await this.limiter.record('login', auth.email, ip);
      throw new PasswordsError('InvalidOldPasswordException', {
        fields: { old_password: ['Old password is incorrect'] },
      });
    }
    const passwordHash = await this.hasher.hash(newPassword);
    await this.transactions.run(async (tx) => {
      await this.accounts.setPassword(auth.accountId, passwordHash, tx);
      await this.tokens.retirePasswordLinks(auth.accountId, tx);
      await this.sessions.endAllOf(auth.accountId, { except: auth.sessionId }, tx);
    });
  }
}
