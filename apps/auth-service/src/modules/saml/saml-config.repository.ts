import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { forOrganisation, isUniqueViolation } from '@meridian/server-kit';
import { Repository } from 'typeorm';
import { SamlConfigEntity } from './saml-config.entity';

export type SamlSettings = Pick<
  SamlConfigEntity,
  'entity_id' | 'sso_url' | 'certificate' | 'second_certificate' | 'allow_idp_initiated' | 'metadata_url'
>;

/** Thrown when the organisation got a configuration concurrently. */
export class SamlConfigTakenError extends Error {}

@Injectable()
export class SamlConfigRepository {
  constructor(@InjectRepository(SamlConfigEntity) private readonly configs: Repository<SamlConfigEntity>) {}

  findForOrganisation(organisationId: string): Promise<SamlConfigEntity | null> {
    return forOrganisation(this.configs, organisationId).findOne({});
  }

  async insert(
    organisationId: string,
    createdById: string,
    settings: SamlSettings,
  ): Promise<SamlConfigEntity> {
    try {
      return await forOrganisation(this.configs, organisationId).create({
        id: randomUUID(),
        created_by_id: createdById,
        ...settings,
      });
    } catch (error) {
      if (isUniqueViolation(error, 'saml_configs_organisation_key')) throw new SamlConfigTakenError();
      throw error;
    }
  }

  /** Updates the organisation's configuration; null when it has none. */
  async update(organisationId: string, settings: SamlSettings): Promise<SamlConfigEntity | null> {
    const changed = await forOrganisation(this.configs, organisationId).update({}, settings);
    return changed > 0 ? this.findForOrganisation(organisationId) : null;
  }
}
