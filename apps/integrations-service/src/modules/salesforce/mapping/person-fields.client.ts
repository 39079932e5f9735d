import { Inject, Injectable } from '@nestjs/common';
import {
  DEFAULT_FIELD_NAMES,
  MAPPING_KEY_FIELD,
  type MappingDestination,
  type PersonField,
  personFieldsListContract,
  ownValue,
} from '@meridian/contracts';
import { CONFIG } from '@meridian/server-kit';
import type { IntegrationsConfig } from '../../../config';
import { callCampaignService } from '../session/campaign-service-call';

/** Finer kinds of default string fields (spec 3 'Field types': email, phone). */
const SUB_TYPES: Record<string, string> = { email: 'email', phone_number: 'phone' };

/** A person field as a mapping destination: email first, then defaults in order, then custom. */
export function toDestinations(fields: readonly PersonField[]): MappingDestination[] {
  const destinations = fields.map((f) => ({
    name: f.name,
    display: f.display,
    type: f.type,
    sub_type: f.custom ? null : (ownValue(SUB_TYPES, f.name) ?? null),
    custom: f.custom,
    hidden: f.hidden,
    read_only: f.read_only,
    length: f.length,
    updatable: f.updatable,
    required: f.required,
    primary_key: !f.custom && f.name === MAPPING_KEY_FIELD,
  }));
  // The key first, then default fields in their order, then custom fields (a stable sort keeps
  // the owner's order among them).
  const rank = (d: MappingDestination) =>
    d.primary_key ? -1 : d.custom ? DEFAULT_FIELD_NAMES.length : DEFAULT_FIELD_NAMES.indexOf(d.name as never);
  return destinations.sort((a, b) => rank(a) - rank(b));
}

/** The person fields, read from their owner (the campaign service) with the caller's own token. */
@Injectable()
export class PersonFieldsClient {
  constructor(@Inject(CONFIG) private readonly config: IntegrationsConfig) {}

  async list(bearerToken: string): Promise<PersonField[]> {
    const response = await callCampaignService(
      this.config.CAMPAIGN_SERVICE_URL,
      personFieldsListContract,
      {},
      bearerToken,
    );
    if (!response.ok) throw new Error(`campaign service answered ${response.status} to person-fields.list`);
    return personFieldsListContract.response.parse(await response.json()).fields;
  }

  async destinations(bearerToken: string): Promise<MappingDestination[]> {
    return toDestinations(await this.list(bearerToken));
  }
}
