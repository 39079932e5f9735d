import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { CustomerRole } from '@meridian/contracts';
import { CONFIG, LOGGER, type Transaction, Transactions } from '@meridian/server-kit';
import type { Logger } from 'pino';
import type { AuthConfig } from '../../config';
import { AccountsService } from '../accounts/accounts.service';
import { PasswordHasher } from '../accounts/password-hasher';
import type { OrganisationEntity } from '../organisations/organisation.entity';
import { OrganisationsService } from '../organisations/organisations.service';

export const DEMO_ORGANISATION = { name: 'Demo Company', domain: 'demo.meridian.dev' } as const;

/**
 * On start: the internal organisation always exists (its accounts are staff, and
 * its domain is then taken); in local mode, unless SEED_DEMO is 'false', the demo
 * organisation with a verified admin, and a verified staff account. Idempotent:
 * what exists is left as it is, and concurrent starts wait on one lock.
 */
@Injectable()
export class SeedService implements OnApplicationBootstrap {
  constructor(
    private readonly transactions: Transactions,
    private readonly organisations: OrganisationsService,
    private readonly accounts: AccountsService,
    private readonly hasher: PasswordHasher,
    @Inject(CONFIG) private readonly config: AuthConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const seedDemo = this.config.MERIDIAN_MODE === 'local' && this.config.SEED_DEMO;
    // Hashing is slow; do it outside the transaction and only when it may be needed.
    const [adminHash, staffHash] = seedDemo
      ? await Promise.all([
          this.hasher.hash(this.config.DEMO_ADMIN_PASSWORD),
          this.hasher.hash(this.config.DEMO_STAFF_PASSWORD),
        ])
      : [null, null];
    await this.transactions.run(async (tx) => {
      await this.organisations.lockCreation(tx);
      const internal = await this.ensureInternalOrganisation(tx);
      if (!seedDemo || !adminHash || !staffHash) return;
      const demo =
        (await this.organisations.findOwnerOfDomain(DEMO_ORGANISATION.domain, tx)) ??
        (await this.organisations.create({ ...DEMO_ORGANISATION, domainVerified: true }, tx));
      await this.ensureAccount(
        demo,
        { name: 'Demo Admin', email: this.config.DEMO_ADMIN_EMAIL, passwordHash: adminHash },
        tx,
      );
      await this.ensureAccount(
        internal,
        { name: 'Meridian Staff', email: this.config.DEMO_STAFF_EMAIL, passwordHash: staffHash },
        tx,
      );
    });
    if (seedDemo) {
      this.logger.info(
        { admin: this.config.DEMO_ADMIN_EMAIL, staff: this.config.DEMO_STAFF_EMAIL },
        `demo organisation '${DEMO_ORGANISATION.name}' ready: log in as ${this.config.DEMO_ADMIN_EMAIL} (password from DEMO_ADMIN_PASSWORD)`,
      );
    }
  }

  private async ensureInternalOrganisation(tx: Transaction): Promise<OrganisationEntity> {
    const existing = await this.organisations.findInternal(tx);
    if (existing) return existing;
    return this.organisations.create(
      {
        name: this.config.INTERNAL_ORG_NAME,
        domain: this.config.INTERNAL_ORG_DOMAIN,
        isInternal: true,
        domainVerified: true,
      },
      tx,
    );
  }

  /** A verified admin of the organisation, unless an account with the email exists (left untouched). */
  private async ensureAccount(
    organisation: OrganisationEntity,
    account: { name: string; email: string; passwordHash: string },
    tx: Transaction,
  ): Promise<void> {
    if (await this.accounts.findByEmail(account.email, tx)) return;
    const roles: CustomerRole[] = ['CUSTOMER_ORG_ADMIN'];
    await this.accounts.create(
      organisation,
      {
        name: account.name,
        email: account.email,
        password_hash: account.passwordHash,
        is_email_verified: true,
      },
      roles,
      tx,
    );
  }
}
