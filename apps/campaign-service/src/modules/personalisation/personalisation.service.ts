import { Injectable } from '@nestjs/common';
import type {
  CampaignContext,
  PersonLookupRow,
  PersonRef,
  TokenColumn,
  TokenFunction,
  TokenVerifyResult,
} from '@meridian/contracts';
import type { PersonEntity } from '../persons/person.entity';
import { PersonFieldsRepository } from '../persons/person-fields.repository';
import { PersonsRepository } from '../persons/persons.repository';
import { functionList } from './function-catalogue';
import { sandbox } from './liquid-sandbox';
import { RenderPlan } from './render-core';
import { SavedTokensRepository } from './saved-tokens.repository';
import { samplePerson, verifyCode } from './token-code';
import { UnsubscribeLinks } from './unsubscribe-links';

export interface RenderRequest {
  texts: Record<string, string>;
  persons: PersonRef[];
  campaignContext: CampaignContext;
}

export interface RenderedPerson {
  person: PersonLookupRow;
  texts: Record<string, string>;
  errors: Record<string, string>;
}

/** What `person.<field>` reads: custom fields, then the default columns (defaults win a clash). */
export function personVariables(row: PersonEntity, ref?: PersonRef): Record<string, unknown> {
  return {
    ...row.custom_fields,
    id: row.id,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    title: row.title,
    company_name: row.company_name,
    phone_number: row.phone_number,
    // In an org context the product user chosen in the lookup is who receives.
    product_user_id: ref?.product_user_id ?? row.product_user_id,
    org_id: ref?.org_id ?? row.org_id,
  };
}

/**
 * Personalisation of texts (subjects, bodies, webhook payloads) for persons: person fields,
 * the organisation's tokens and the unsubscribe link, rendered in the sandbox.
 */
@Injectable()
export class PersonalisationService {
  constructor(
    private readonly persons: PersonsRepository,
    private readonly fields: PersonFieldsRepository,
    private readonly tokens: SavedTokensRepository,
    private readonly links: UnsubscribeLinks,
  ) {}

  /**
   * Renders every text for every person found in the organisation (one query for persons, one
   * for tokens). Persons of other organisations or deleted ones are left out of the result.
   */
  async renderForPersons(orgId: string, input: RenderRequest): Promise<RenderedPerson[]> {
    const [rows, tokens, sign] = await Promise.all([
      this.persons.findMany(
        orgId,
        input.persons.map((p) => p.id),
      ),
      this.tokens.list(orgId),
      this.links.signer(),
    ]);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const plan = new RenderPlan(sandbox, input.texts, tokens);
    const result: RenderedPerson[] = [];
    for (const ref of input.persons) {
      const row = byId.get(ref.id);
      if (!row) continue;
      const rendered = plan.render(personVariables(row, ref), sign(orgId, row.id));
      result.push({ person: lookupRow(row, ref, input.campaignContext), ...rendered });
    }
    return result;
  }

  /** Checks token code against a sample person with the organisation's fields. */
  async verify(orgId: string, code: string): Promise<TokenVerifyResult> {
    const fields = await this.fields.list(orgId);
    return verifyCode(sandbox, code, { person: samplePerson(fields) });
  }

  functions(): TokenFunction[] {
    return functionList();
  }

  /** The person fields token code can read. */
  async columns(orgId: string): Promise<TokenColumn[]> {
    const fields = await this.fields.list(orgId);
    return fields
      .filter((field) => !field.hidden)
      .map((field) => ({
        name: field.name,
        display: field.display,
        type: field.type,
        custom: field.custom,
        variable: /^[A-Za-z_][A-Za-z0-9_]*$/.test(field.name)
          ? `person.${field.name}`
          : `person[${JSON.stringify(field.name)}]`,
      }));
  }
}

function lookupRow(row: PersonEntity, ref: PersonRef, context: CampaignContext): PersonLookupRow {
  return {
    id: row.id,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    org_id: ref.org_id ?? row.org_id,
    product_user_id: ref.product_user_id ?? row.product_user_id,
    campaign_context: context,
  };
}
