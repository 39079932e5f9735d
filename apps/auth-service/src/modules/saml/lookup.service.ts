import { Injectable } from '@nestjs/common';
import type { AuthType } from '@meridian/contracts';
import { AccountsService } from '../accounts/accounts.service';
import { OrganisationsService } from '../organisations/organisations.service';
import { SamlConfigService } from './saml-config.service';
import { SamlEngine } from './saml-engine';

/**
 * The login email step: single sign-on for federated users of an organisation
 * with SSO, and for new emails in the domain of one; the password otherwise.
 * An organisation's SSO does not switch its password users to SSO. Only a domain the
 * organisation owns (verified) routes new emails to it.
 */
@Injectable()
export class LookupService {
  constructor(
    private readonly accounts: AccountsService,
    private readonly organisations: OrganisationsService,
    private readonly configs: SamlConfigService,
    private readonly engine: SamlEngine,
  ) {}

  async lookup(email: string): Promise<{ auth_type: AuthType; redirect_url?: string }> {
    const account = await this.accounts.findByEmail(email);
    const organisation = account
      ? account.is_federated_user
        ? account.organisation!
        : null
      : await this.organisations.findOwnerOfDomain(email.split('@').pop()!);
    if (organisation?.is_active && (await this.configs.isConfigured(organisation.id))) {
      return { auth_type: 'sso', redirect_url: this.engine.serviceProvider(organisation).login_url };
    }
    return { auth_type: 'meridian' };
  }
}
