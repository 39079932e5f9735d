import { Injectable } from '@nestjs/common';
import type { RequestContext } from '@meridian/server-kit';
import type { PersonOrgMapping } from './settings.entity';
import { SettingsRepository } from './settings.repository';

/** A new organisation starts with one_to_one, so both campaign contexts are offered. */
export const DEFAULT_PERSON_ORG_MAPPING: PersonOrgMapping = 'one_to_one';

@Injectable()
export class SettingsService {
  constructor(private readonly settings: SettingsRepository) {}

  async get(auth: RequestContext) {
    const row = await this.settings.find(auth.organisationId);
    // The global email configuration belongs to the email settings feature; none yet.
    return { person_org_mapping: row?.person_org_mapping ?? DEFAULT_PERSON_ORG_MAPPING, email: null };
  }
}
