import { Inject, Injectable } from '@nestjs/common';
import { ACCOUNT_NOT_FOUND_DESCRIPTION } from '@meridian/contracts';
import { LOGGER } from '@meridian/server-kit';
import type { Logger } from 'pino';
import { AccountMailer } from '../accounts/account-mailer';
import { AccountTokensService } from '../accounts/account-tokens.service';
import { LoginRateLimiter } from '../sessions/login-rate-limiter';
import { PasswordsError } from './passwords.errors';

/**
 * Forgot password. Known and unknown emails take the same path: one rate-limit
 * check, one recorded attempt, one statement that issues a token only when the
 * account exists. The mail goes out after the answer, so its delivery time does
 * not tell the two apart either. The spec names an account-not-found message,
 * so an unknown email answers 404 `AccountDoesNotExistsException`.
 */
@Injectable()
export class PasswordResetService {
  constructor(
    private readonly tokens: AccountTokensService,
    private readonly limiter: LoginRateLimiter,
    private readonly mailer: AccountMailer,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async sendReset(email: string, ip: string): Promise<void> {
    await this.limiter.assertAllowed('password_reset', email, ip);
    await this.limiter.record('password_reset', email, ip);
    const { token, target } = await this.tokens.issueForEmail(email, 'password_reset');
    if (target?.issued) {
      this.mailer.sendPasswordReset(target, token).catch((error: unknown) => {
        this.logger.error({ err: error, account_id: target.account_id }, 'password reset mail failed');
      });
      return;
    }
    if (target?.is_federated_user) throw new PasswordsError('SsoLoginRequiredException');
    throw new PasswordsError('AccountDoesNotExistsException', {
      status: 404,
      description: ACCOUNT_NOT_FOUND_DESCRIPTION,
    });
  }
}
