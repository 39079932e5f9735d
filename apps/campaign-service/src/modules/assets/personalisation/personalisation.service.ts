import { Inject, Injectable } from '@nestjs/common';
import {
  type CampaignContext,
  DEFAULT_FIELD_NAMES,
  type PersonLookupRow,
  type PersonRef,
  type TokenColumn,
  type TokenFunction,
  type TokenVerifyResult,
  tokenMessages,
} from '@meridian/contracts';
import { type PersonRecord, PersonsService } from '../../contacts/persons/persons.service';
import { SavedTokensService } from '../tokens/saved-tokens.service';
import { entryKey } from './entry-key';
import { functionList } from './function-catalogue';
import type { RenderedTexts, SavedToken, TextModes } from './render-core';
import { RENDER_POOL } from './render-pool.provider';
import {
  RENDER_BATCH_PERSONS,
  type RenderPool,
  RenderQueueFullError,
  RenderTimeoutError,
} from './render-pool';

const RENDER_FAILED = 'Personalisation failed';
import { samplePerson } from './token-code';
import { type LinkSigner, UnsubscribeLinks } from './unsubscribe-links';

export interface RenderRequest {
  texts: Record<string, string>;
  /** How values inserted into each text are escaped (plain text when a text is not named). */
  modes?: TextModes;
  persons: PersonRef[];
  campaignContext: CampaignContext;
  /**
   * A recipient's unsubscribe_url when it is not the default signed link (campaign mail: its /t/u
   * URL), keyed by `entryKey(person id, org_id)`.
   */
  unsubscribeUrls?: ReadonlyMap<string, string>;
}

/** The rows, tokens and link signer a render reads; persons not among the rows are left out. */
export interface RenderSources {
  rows: PersonRecord[];
  tokens: SavedToken[];
  sign: LinkSigner;
}

export interface RenderedPerson {
  person: PersonLookupRow;
  texts: Record<string, string>;
  errors: Record<string, string>;
}

/** What `person.<field>` reads: custom fields, then the default columns (defaults win a clash). */
export function personVariables(row: PersonRecord, ref?: PersonRef): Record<string, unknown> {
  return {
    ...row.custom_fields,
    id: row.id,
    ...Object.fromEntries(DEFAULT_FIELD_NAMES.map((name) => [name, row[name]])),
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
    private readonly persons: PersonsService,
    private readonly tokens: SavedTokensService,
    private readonly links: UnsubscribeLinks,
    @Inject(RENDER_POOL) private readonly pool: RenderPool,
  ) {}

  /**
   * Renders every text for every person found in the organisation (one query for persons, one
   * for tokens). Persons of other organisations or deleted ones are left out of the result. The
   * rendering runs in the render pool, in batches, never on the request's event loop.
   */
  async renderForPersons(
    orgId: string,
    input: RenderRequest,
    sources?: RenderSources,
  ): Promise<RenderedPerson[]> {
    const { rows, tokens, sign } = sources ?? (await this.renderSources(orgId, input.persons));
    const byId = new Map(rows.map((row) => [row.id, row]));
    const found = input.persons.flatMap((ref) => {
      const row = byId.get(ref.id);
      return row ? [{ ref, row }] : [];
    });
    const batches: (typeof found)[] = [];
    for (let i = 0; i < found.length; i += RENDER_BATCH_PERSONS)
      batches.push(found.slice(i, i + RENDER_BATCH_PERSONS));
    const rendered = await Promise.all(
      batches.map((batch) =>
        this.renderBatch(
          orgId,
          input,
          tokens,
          batch.map(({ ref, row }) => ({
            variables: personVariables(row, ref),
            unsubscribeUrl: input.unsubscribeUrls?.get(entryKey(row.id, ref.org_id)) ?? sign(orgId, row.id),
          })),
        ),
      ),
    );
    return rendered.flat().map((texts, i) => {
      const { ref, row } = found[i]!;
      return { person: lookupRow(row, ref, input.campaignContext), ...texts };
    });
  }

  /**
   * What rendering reads from the database for these persons (their rows, the organisation's
   * tokens, the link key), loaded once when a caller renders one list in many small calls.
   */
  async renderSources(orgId: string, persons: readonly PersonRef[]): Promise<RenderSources> {
    const [rows, tokens, sign] = await Promise.all([
      this.persons.findMany(orgId, [...new Set(persons.map((p) => p.id))]),
      this.tokens.forRendering(orgId),
      this.links.signer(),
    ]);
    return { rows, tokens, sign };
  }

  private async renderBatch(
    orgId: string,
    input: RenderRequest,
    tokens: SavedToken[],
    persons: { variables: Record<string, unknown>; unsubscribeUrl: string }[],
  ): Promise<RenderedTexts[]> {
    try {
      return await this.pool.run(orgId, {
        kind: 'render',
        texts: input.texts,
        modes: input.modes ?? {},
        tokens,
        persons,
      });
    } catch (error) {
      if (error instanceof RenderQueueFullError) throw error;
      // A batch stopped at its hard deadline (or failed in its worker): every text of it failed, with why.
      const message = error instanceof RenderTimeoutError ? error.message : RENDER_FAILED;
      const errors = Object.fromEntries(Object.keys(input.texts).map((key) => [key, message]));
      const texts = Object.fromEntries(Object.keys(input.texts).map((key) => [key, '']));
      return persons.map(() => ({ texts, errors }));
    }
  }

  /** Checks token code against a sample person with the organisation's fields, in the render pool. */
  async verify(orgId: string, code: string): Promise<TokenVerifyResult> {
    const fields = await this.persons.fieldDefinitions(orgId);
    try {
      return await this.pool.run(orgId, { kind: 'verify', code, sample: { person: samplePerson(fields) } });
    } catch (error) {
      if (error instanceof RenderQueueFullError) throw error;
      const message = error instanceof RenderTimeoutError ? error.message : RENDER_FAILED;
      return { error: { position: null, reason: tokenMessages.invalidToken, message } };
    }
  }

  functions(): TokenFunction[] {
    return functionList();
  }

  /** The person fields token code can read. */
  async columns(orgId: string): Promise<TokenColumn[]> {
    const fields = await this.persons.fieldDefinitions(orgId);
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

function lookupRow(row: PersonRecord, ref: PersonRef, context: CampaignContext): PersonLookupRow {
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
