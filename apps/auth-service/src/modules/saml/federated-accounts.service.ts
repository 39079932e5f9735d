import { Injectable } from '@nestjs/common';
import { Transactions } from '@meridian/server-kit';
import type { AccountEntity } from '../accounts/account.entity';
import { AccountsService } from '../accounts/accounts.service';
import type { OrganisationEntity } from '../organisations/organisation.entity';
import type { Assertion } from './saml-engine';
import { SamlRejection } from './saml.errors';

/**
 * Who an identity provider may log in: federated accounts of its own
 * organisation, and, on a first login, a new federated user whose email is in
 * the domain the organisation owns (verified). Password users stay password users; accounts of
 * other organisations are out of its reach.
 */
@Injectable()
export class FederatedAccountsService {
  constructor(
    private readonly transactions: Transactions,
    private readonly accounts: AccountsService,
  ) {}

  async accountFor(organisation: OrganisationEntity, assertion: Assertion): Promise<AccountEntity> {
    const existing = await this.accounts.findByEmail(assertion.email);
    if (existing) {
      if (existing.organisation_id !== organisation.id) {
        throw new SamlRejection('account of another organisation');
      }
      if (!existing.is_federated_user) throw new SamlRejection('password user');
      if (!existing.is_active) throw new SamlRejection('account disabled');
      return existing;
    }
    const domain = assertion.email.split('@').pop()!.toLowerCase();
    if (domain !== organisation.domain.toLowerCase()) {
      throw new SamlRejection("email outside the organisation's domain");
    }
    // A domain only claimed is not the organisation's: its identity provider may not make accounts in it.
    if (!organisation.domain_verified_at) throw new SamlRejection('the organisation does not own its domain');
    return this.transactions.run((tx) =>
      this.accounts.create(
        organisation,
        { name: assertion.name, email: assertion.email, is_federated_user: true, is_email_verified: true },
        ['CUSTOMER_ORG_USER'],
        tx,
      ),
    );
  }
}
