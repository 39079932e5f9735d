import { Inject, Injectable } from '@nestjs/common';
import type { LinkRequestType } from '@meridian/contracts';
import { CONFIG, type Transaction } from '@meridian/server-kit';
import { addMinutes } from '../../common/dates';
import { hashSecret, newSecret } from '../../common/secrets';
import type { AuthConfig } from '../../config';
import { AccountTokensRepository, type IssuedForEmail } from './account-tokens.repository';

/** One-time link tokens: handed out once in a mail, stored hashed, usable once until they expire. */
@Injectable()
export class AccountTokensService {
  constructor(
    private readonly tokens: AccountTokensRepository,
    @Inject(CONFIG) private readonly config: AuthConfig,
  ) {}

  private expiryOf(purpose: LinkRequestType): Date {
    const minutes = {
      verify_email: this.config.VERIFY_EMAIL_TTL_HOURS * 60,
      password_create: this.config.PASSWORD_CREATE_TTL_HOURS * 60,
      password_reset: this.config.PASSWORD_RESET_TTL_MINUTES,
    }[purpose];
    return addMinutes(new Date(), minutes);
  }

  /** Returns the raw token, for the mail only; earlier tokens of the purpose stop working. */
  async issue(
    account: { id: string; organisation_id: string },
    purpose: LinkRequestType,
    tx: Transaction,
  ): Promise<string> {
    const token = newSecret();
    await this.tokens.issue(
      {
        account_id: account.id,
        organisation_id: account.organisation_id,
        purpose,
        token_hash: hashSecret(token),
        expires_at: this.expiryOf(purpose),
      },
      tx,
    );
    return token;
  }

  /** Same statement whether or not the email has an account (see the repository). */
  async issueForEmail(
    email: string,
    purpose: LinkRequestType,
  ): Promise<{ token: string; target: IssuedForEmail | null }> {
    const token = newSecret();
    const target = await this.tokens.issueForEmail(email, {
      purpose,
      token_hash: hashSecret(token),
      expires_at: this.expiryOf(purpose),
    });
    return { token, target };
  }

  isUsable(token: string, purpose: LinkRequestType): Promise<boolean> {
    return this.tokens.isUsable(hashSecret(token), purpose);
  }

  /**
   * Every open invitation and reset link of the account stops working: once a password is set
   * (by any link, or changed signed in), an older mail must not set another one.
   */
  retirePasswordLinks(accountId: string, tx: Transaction): Promise<void> {
    return this.tokens.retirePasswordLinks(accountId, tx);
  }

  /** The token's account, once; null when the token is unknown, used or expired. */
  consume(token: string, purpose: LinkRequestType, tx: Transaction): Promise<string | null> {
    return this.tokens.consume(hashSecret(token), purpose, tx);
  }
}
