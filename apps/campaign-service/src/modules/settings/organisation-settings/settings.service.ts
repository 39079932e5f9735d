import { Injectable } from '@nestjs/common';
import type { RequestContext } from '@meridian/server-kit';
import { EmailSettingsService } from '../email-settings/email-settings.service';
import type { PersonOrgMapping } from './settings.entity';
import { SettingsRepository } from './settings.repository';

/** A new organisation starts with one_to_one, so both campaign contexts are offered. */
export const DEFAULT_PERSON_ORG_MAPPING: PersonOrgMapping = 'one_to_one';

@Injectable()
export class SettingsService {
  constructor(
    private readonly settings: SettingsRepository,
    private readonly emailSettings: EmailSettingsService,
  ) {}

  async get(auth: RequestContext) {
    const [row, email] = await Promise.all([
      this.settings.find(auth.organisationId),
      this.emailSettings.get(auth.organisationId),
    ]);
    return { person_org_mapping: row?.person_org_mapping ?? DEFAULT_PERSON_ORG_MAPPING, email };
  }

  async update(auth: RequestContext, personOrgMapping: PersonOrgMapping) {
    await this.settings.savePersonOrgMapping(auth.organisationId, personOrgMapping);
    return this.get(auth);
  }
}
