import { Injectable } from '@nestjs/common';
import {
  ACTIVATION_LINK_EXPIRED,
  type Organisation,
  type ParsedRequestOf,
  type registerContract,
  type SessionUser,
} from '@meridian/contracts';
import { Transactions } from '@meridian/server-kit';
import { OrganisationsService } from '../organisations/organisations.service';
import { toOrganisation } from '../organisations/organisation.mapper';
import { AccountMailer } from './account-mailer';
import { toSessionUser } from './account.mapper';
import { AccountTokensService } from './account-tokens.service';
import { AccountsService } from './accounts.service';
import { AccountsError, EMAIL_TAKEN_MESSAGE } from './accounts.errors';
import { PasswordHasher } from './password-hasher';

/** Registration (a new organisation and its first admin) and email verification. */
@Injectable()
export class RegistrationService {
  constructor(
    private readonly transactions: Transactions,
    private readonly organisations: OrganisationsService,
    private readonly accounts: AccountsService,
    private readonly tokens: AccountTokensService,
    private readonly hasher: PasswordHasher,
    private readonly mailer: AccountMailer,
  ) {}

  async register(
    input: ParsedRequestOf<typeof registerContract>,
  ): Promise<{ account: SessionUser; organisation: Organisation }> {
    const passwordHash = await this.hasher.hash(input.password);
    const { account, organisation, token } = await this.transactions.run(async (tx) => {
      if (await this.accounts.findByEmail(input.email, tx)) {
        throw new AccountsError('AccountAlreadyExistsException', {
          fields: { email: [EMAIL_TAKEN_MESSAGE] },
        });
      }
      const organisation = await this.organisations.create(
        { name: input.organisation, domain: input.domain },
        tx,
      );
      const account = await this.accounts.create(
        organisation,
        { name: input.name, email: input.email, password_hash: passwordHash, is_email_verified: false },
        ['CUSTOMER_ORG_ADMIN'],
        tx,
      );
      const token = await this.tokens.issue(account, 'verify_email', tx);
      return { account, organisation, token };
    });
    await this.mailer.sendEmailVerification(account, token);
    return { account: toSessionUser(account), organisation: toOrganisation(organisation) };
  }

  async verifyEmail(token: string): Promise<void> {
    const verified = await this.transactions.run(async (tx) => {
      const accountId = await this.tokens.consume(token, 'verify_email', tx);
      if (!accountId) return false;
      await this.accounts.markEmailVerified(accountId, tx);
      const account = await this.accounts.findById(accountId, tx);
      if (account) await this.organisations.claimDomainFor(account, tx);
      return true;
    });
    if (!verified) throw new AccountsError('LinkExpiredException', { description: ACTIVATION_LINK_EXPIRED });
  }

  /** A fresh verification link, for an unverified account that proved its password. */
  async resendVerification(account: {
    id: string;
    organisation_id: string;
    name: string;
    email: string;
  }): Promise<void> {
    const token = await this.transactions.run((tx) => this.tokens.issue(account, 'verify_email', tx));
    await this.mailer.sendEmailVerification(account, token);
  }
}
