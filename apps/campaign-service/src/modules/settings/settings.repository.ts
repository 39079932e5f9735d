import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { forOrganisation } from '@meridian/server-kit';
import { Repository } from 'typeorm';
import { OrganisationSettingsEntity } from './settings.entity';

@Injectable()
export class SettingsRepository {
  constructor(
    @InjectRepository(OrganisationSettingsEntity) private readonly settings: Repository<OrganisationSettingsEntity>,
  ) {}

  find(organisationId: string): Promise<OrganisationSettingsEntity | null> {
    return forOrganisation(this.settings, organisationId).findOne({});
  }
}
