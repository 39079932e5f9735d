import { Injectable } from '@nestjs/common';
import {
  ADMINS_ONLY_SSO,
  type ParsedRequestOf,
  SAML_METADATA_MESSAGES,
  type SamlConfig,
  type SamlConfigRequest,
  type samlMetadataImportContract,
  type ResponseOf,
} from '@meridian/contracts';
import {
  hasRole,
  NotFoundError,
  OutboundHttpClient,
  OutboundHttpError,
  type RequestContext,
} from '@meridian/server-kit';
import type { OrganisationEntity } from '../organisations/organisation.entity';
import { OrganisationsService } from '../organisations/organisations.service';
import { normaliseCertificate } from './certificate';
import { readIdpMetadata } from './metadata';
import type { SamlConfigEntity } from './saml-config.entity';
import { SamlConfigRepository, SamlConfigTakenError, type SamlSettings } from './saml-config.repository';
import { SamlEngine } from './saml-engine';
import { SamlError } from './saml.errors';
import type { ServiceProvider } from './service-provider';

const METADATA_TIMEOUT_MS = 15_000;

function toSamlConfig(row: SamlConfigEntity): SamlConfig {
  return {
    id: row.id,
    organisation_id: row.organisation_id,
    created_by_id: row.created_by_id,
    entity_id: row.entity_id,
    sso_url: row.sso_url,
    certificate: row.certificate,
    second_certificate: row.second_certificate,
    allow_idp_initiated: row.allow_idp_initiated,
    metadata_url: row.metadata_url,
    idp: row.idp,
    time_created: row.time_created.toISOString(),
    time_updated: row.time_updated.toISOString(),
  };
}

const invalidCertificate = (field: string) =>
  new SamlError('InvalidCertificateException', { fields: { [field]: ['Please enter a valid certificate'] } });

/** An organisation's single sign-on configuration. Changing it is for admins. */
@Injectable()
export class SamlConfigService {
  constructor(
    private readonly configs: SamlConfigRepository,
    private readonly organisations: OrganisationsService,
    private readonly engine: SamlEngine,
    private readonly outbound: OutboundHttpClient,
  ) {}

  private async organisationOf(auth: RequestContext): Promise<OrganisationEntity> {
    const organisation = await this.organisations.findById(auth.organisationId);
    if (!organisation) throw new NotFoundError('Organisation not found');
    return organisation;
  }

  private settingsFrom(input: SamlConfigRequest): SamlSettings {
    const certificate = normaliseCertificate(input.certificate);
    if (!certificate) throw invalidCertificate('certificate');
    let second: string | null = null;
    if (input.second_certificate) {
      second = normaliseCertificate(input.second_certificate);
      if (!second) throw invalidCertificate('second_certificate');
    }
    return {
      sso_url: input.sso_url,
      entity_id: input.entity_id,
      certificate,
      second_certificate: second,
      allow_idp_initiated: input.allow_idp_initiated ?? false,
      metadata_url: input.metadata_url ?? null,
    };
  }

  private requireAdmin(auth: RequestContext): void {
    if (!hasRole(auth, 'CUSTOMER_ORG_ADMIN')) {
      throw new SamlError('ForbiddenException', { description: ADMINS_ONLY_SSO });
    }
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

  /** Reads identity provider metadata (fetched or pasted) into settings for the form; saves nothing. */
  async importMetadata(
    auth: RequestContext,
    input: ParsedRequestOf<typeof samlMetadataImportContract>,
  ): Promise<ResponseOf<typeof samlMetadataImportContract>> {
    this.requireAdmin(auth);
    const url = input.metadata_url?.trim();
    const xml = url ? await this.fetchMetadata(url) : input.metadata_xml!;
    const metadata = await readIdpMetadata(xml);
    if (!metadata) {
      throw new SamlError('ValidationException', {
        status: 400,
        fields: { [url ? 'metadata_url' : 'metadata_xml']: [SAML_METADATA_MESSAGES.unreadable] },
      });
    }
    return {
      entity_id: metadata.entity_id,
      sso_url: metadata.sso_url,
      certificate: metadata.certificates[0]!,
      second_certificate: metadata.certificates[1] ?? null,
    };
  }

  private async fetchMetadata(url: string): Promise<string> {
    const refuse = (message: string) =>
      new SamlError('ValidationException', { status: 400, fields: { metadata_url: [message] } });
    try {
      const response = await this.outbound.request({
        url,
        method: 'GET',
        headers: { accept: 'application/samlmetadata+xml, application/xml, text/xml' },
        timeoutMs: METADATA_TIMEOUT_MS,
      });
      if (response.status !== 200 || response.truncated) throw refuse(SAML_METADATA_MESSAGES.unreachable);
      return response.body.toString('utf8');
    } catch (error) {
      // The SSRF-safe client's reasons name the host at most: safe to show.
      if (error instanceof OutboundHttpError) throw refuse(error.message);
      throw error;
    }
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
