import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { forOrganisation } from '@meridian/server-kit';
import { Repository } from 'typeorm';
import { OrganisationSettingsEntity, type PersonOrgMapping } from './settings.entity';

@Injectable()
export class SettingsRepository {
  constructor(
    @InjectRepository(OrganisationSettingsEntity)
    private readonly settings: Repository<OrganisationSettingsEntity>,
  ) {}

  find(organisationId: string): Promise<OrganisationSettingsEntity | null> {
    return forOrganisation(this.settings, organisationId).findOne({});
  }

  /** Creates the organisation's row on first change; one statement either way. */
  async savePersonOrgMapping(organisationId: string, mapping: PersonOrgMapping): Promise<void> {
    await this.settings.query(
      `INSERT INTO campaign.organisation_settings (organisation_id, person_org_mapping)
       VALUES ($1, $2)
       ON CONFLICT (organisation_id) DO UPDATE SET person_org_mapping = EXCLUDED.person_org_mapping, updated_at = now()`,
      [organisationId, mapping],
    );
  }
}
