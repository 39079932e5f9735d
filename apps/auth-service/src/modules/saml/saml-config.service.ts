import { Injectable } from '@nestjs/common';
import type { SamlConfig, SamlConfigRequest } from '@meridian/contracts';
import { hasRole, NotFoundError, type RequestContext } from '@meridian/server-kit';
import type { OrganisationEntity } from '../organisations/organisation.entity';
import { OrganisationsService } from '../organisations/organisations.service';
import { normaliseCertificate } from './certificate';
import type { SamlConfigEntity } from './saml-config.entity';
import { SamlConfigRepository, SamlConfigTakenError, type SamlSettings } from './saml-config.repository';
import { SamlEngine } from './saml-engine';
import { SamlError } from './saml.errors';
import type { ServiceProvider } from './service-provider';

function toSamlConfig(row: SamlConfigEntity): SamlConfig {
  return {
    id: row.id,
    organisation_id: row.organisation_id,
    created_by_id: row.created_by_id,
    entity_id: row.entity_id,
    sso_url: row.sso_url,
    certificate: row.certificate,
    idp: row.idp,
    time_created: row.time_created.toISOString(),
    time_updated: row.time_updated.toISOString(),
  };
}

/** An organisation's single sign-on configuration. Changing it is for admins. */
@Injectable()
export class SamlConfigService {
  constructor(
    private readonly configs: SamlConfigRepository,
    private readonly organisations: OrganisationsService,
    private readonly engine: SamlEngine,
  ) {}

  private async organisationOf(auth: RequestContext): Promise<OrganisationEntity> {
    const organisation = await this.organisations.findById(auth.organisationId);
    if (!organisation) throw new NotFoundError('Organisation not found');
    return organisation;
  }

  private settingsFrom(input: SamlConfigRequest): SamlSettings {
    const certificate = normaliseCertificate(input.certificate);
    if (!certificate) {
      throw new SamlError('InvalidCertificateException', {
        fields: { certificate: ['Please enter a valid certificate'] },
      });
    }
    return { sso_url: input.sso_url, entity_id: input.entity_id, certificate };
  }

  private requireAdmin(auth: RequestContext): void {
    if (!hasRole(auth, 'CUSTOMER_ORG_ADMIN')) throw new SamlError('ForbiddenException');
  }

  async get(
    auth: RequestContext,
  ): Promise<{ saml_config: SamlConfig | null; service_provider: ServiceProvider }> {
    const organisation = await this.organisationOf(auth);
    const row = await this.configs.findForOrganisation(organisation.id);
    return {
      saml_config: row ? toSamlConfig(row) : null,
      service_provider: this.engine.serviceProvider(organisation),
    };
  }

  async create(
    auth: RequestContext,
    input: SamlConfigRequest,
  ): Promise<{ saml_config: SamlConfig; service_provider: ServiceProvider }> {
    this.requireAdmin(auth);
    const organisation = await this.organisationOf(auth);
    const settings = this.settingsFrom(input);
    if (await this.configs.findForOrganisation(organisation.id)) {
      throw new SamlError('SamlConfigExistsException');
    }
    try {
      const row = await this.configs.insert(organisation.id, auth.accountId, settings);
      return { saml_config: toSamlConfig(row), service_provider: this.engine.serviceProvider(organisation) };
    } catch (error) {
      if (error instanceof SamlConfigTakenError) throw new SamlError('SamlConfigExistsException');
      throw error;
    }
  }

  async update(
    auth: RequestContext,
    input: SamlConfigRequest,
  ): Promise<{ saml_config: SamlConfig; service_provider: ServiceProvider }> {
    this.requireAdmin(auth);
    const organisation = await this.organisationOf(auth);
    const row = await this.configs.update(organisation.id, this.settingsFrom(input));
    if (!row) throw new NotFoundError('Single sign-on is not configured');
    return { saml_config: toSamlConfig(row), service_provider: this.engine.serviceProvider(organisation) };
  }

  /** The organisation and its identity provider, for a login; null unless both exist. */
  async findBySlug(
    slug: string,
  ): Promise<{ organisation: OrganisationEntity; idp: SamlConfigEntity } | null> {
    const organisation = await this.organisations.findBySlug(slug);
    if (!organisation?.is_active) return null;
    const idp = await this.configs.findForOrganisation(organisation.id);
    return idp ? { organisation, idp } : null;
  }

  async isConfigured(organisationId: string): Promise<boolean> {
    return (await this.configs.findForOrganisation(organisationId)) !== null;
  }
}
