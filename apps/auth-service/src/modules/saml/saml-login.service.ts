import { Inject, Injectable } from '@nestjs/common';
import { CONFIG, LOGGER, NotFoundError } from '@meridian/server-kit';
import type { Logger } from 'pino';
import { addMinutes } from '../../common/dates';
import { hashSecret, newSecret } from '../../common/secrets';
import type { AuthConfig } from '../../config';
import { OrganisationsService } from '../organisations/organisations.service';
import { FederatedAccountsService } from './federated-accounts.service';
import { serviceProviderMetadata } from './metadata';
import { SamlConfigService } from './saml-config.service';
import { SamlEngine } from './saml-engine';
import { SamlLoginRepository } from './saml-login.repository';
import { SamlRejection } from './saml.errors';

/**
 * Single sign-on: send the browser to the identity provider (SP-initiated) and take its answer
 * back, or take an unsolicited answer where the organisation allows IdP-initiated login.
 */
@Injectable()
export class SamlLoginService {
  constructor(
    private readonly configs: SamlConfigService,
    private readonly engine: SamlEngine,
    private readonly logins: SamlLoginRepository,
    private readonly federated: FederatedAccountsService,
    private readonly organisations: OrganisationsService,
    @Inject(CONFIG) private readonly config: AuthConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  private redirect(query: string): string {
    return `${this.config.PUBLIC_BASE_URL.replace(/\/+$/, '')}/sso-redirect?${query}`;
  }

  /** Our service provider metadata for the organisation (404 for no such organisation). */
  async serviceProviderMetadata(slug: string): Promise<string> {
    const organisation = await this.organisations.findBySlug(slug);
    if (!organisation?.is_active) throw new NotFoundError('Organisation not found');
    return serviceProviderMetadata(this.engine.serviceProvider(organisation));
  }

  /** The identity provider's address with a new AuthnRequest, remembered for its answer. */
  async start(slug: string): Promise<string> {
    const found = await this.configs.findBySlug(slug);
    if (!found) throw new NotFoundError('Single sign-on is not configured');
    return this.engine.authorizeUrl(found.organisation, found.idp);
  }

  /**
   * Checks the identity provider's response and answers where the browser goes
   * next: `/sso-redirect?code=...` (a one-time code for `sso2.login`), or
   * `/sso-redirect?error=SamlLoginFailedException`. Why it failed is logged, not shown.
   */
  async consume(slug: string, samlResponse: string): Promise<string> {
    try {
      const found = await this.configs.findBySlug(slug);
      if (!found) throw new SamlRejection('single sign-on is not configured');
      const { organisation, idp } = found;
      const assertion = await this.engine.validate(organisation, idp, samlResponse);
      if (!(await this.logins.consumeAssertion(organisation.id, assertion.id, assertion.acceptableUntil))) {
        throw new SamlRejection('assertion already used');
      }
      const account = await this.federated.accountFor(organisation, assertion);
      const code = newSecret();
      await this.logins.issueCode({
        account_id: account.id,
        organisation_id: organisation.id,
        code_hash: hashSecret(code),
        expires_at: addMinutes(new Date(), this.config.SAML_LOGIN_CODE_TTL_SECONDS / 60),
      });
      this.logger.info({ organisation_id: organisation.id, account_id: account.id }, 'saml login');
      return this.redirect(`code=${encodeURIComponent(code)}`);
    } catch (error) {
      if (error instanceof SamlRejection) {
        this.logger.warn({ slug, reason: error.message }, 'saml response refused');
      } else {
        this.logger.error({ err: error, slug }, 'saml response failed');
      }
      return this.redirect('error=SamlLoginFailedException');
    }
  }
}
