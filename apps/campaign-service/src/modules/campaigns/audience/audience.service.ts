import { Injectable } from '@nestjs/common';
import {
  audienceErrorField,
  type AudienceFilterChoice,
  type AudienceFilterType,
  audienceMessages,
  type AudienceQuery,
  audienceQueryErrors,
  audienceQuerySchema,
  type CampaignContext,
  campaignMessages,
  marketingEventSchema,
  type PersonFieldType,
} from '@meridian/contracts';
import { NotFoundError, type RequestContext, ValidationError } from '@meridian/server-kit';
import { AudienceQueryError } from './audience-values';
import { AudienceRepository, type Scope } from './audience.repository';

const LIST_NOT_FOUND = 'Static list not found';

/** Spec 5: an invalid query is 'Some fields are invalid', with each item's message by its request path. */
function refuse(errors: Record<string, string>): never {
  const fields = Object.fromEntries(
    Object.entries(errors).map(([key, message]) => [audienceErrorField(key), [message]]),
  );
  throw new ValidationError(fields, audienceMessages.someFieldsInvalid);
}

/**
 * A campaign stores its dynamic list as `{ query: { conditions } }` (the working copy's shape);
 * reading it as the query itself would drop the conditions and count everyone.
 */
function storedQuery(list: unknown): unknown {
  return list !== null && typeof list === 'object' && 'query' in list
    ? (list as { query: unknown }).query
    : list;
}

@Injectable()
export class AudienceService {
  constructor(private readonly audience: AudienceRepository) {}

  async columns(auth: RequestContext) {
    return (await this.audience.fields(auth.organisationId)).map(({ name, display, type, custom }) => ({
      name,
      display,
      type,
      custom,
    }));
  }

  async filters(
    auth: RequestContext,
    filterType: AudienceFilterType,
    campaignId: string | undefined,
  ): Promise<AudienceFilterChoice[]> {
    const org = auth.organisationId;
    const choice = (value: string, label: string, extra: Partial<AudienceFilterChoice> = {}) => ({
      value,
      label,
      type: null,
      kind: null,
      ...extra,
    });
    switch (filterType) {
      case 'person':
        return (await this.audience.fields(org)).map((f) => choice(f.name, f.display, { type: f.type }));
      case 'product_activity':
        return (await this.audience.events(org, undefined, 10000)).map((name) => choice(name, name));
      case 'marketing_activity':
        return marketingEventSchema.options.map((event) => choice(event, event));
      case 'list_membership': {
        const [lists, campaigns] = await Promise.all([
          this.audience.staticLists(org),
          this.audience.publishedCampaigns(org, campaignId ?? null),
        ]);
        return [
          ...lists.map((l) => choice(l.id, l.name, { kind: 'static_list' })),
          ...campaigns.map((c) => choice(c.id, c.name, { kind: 'campaign' })),
        ];
      }
      case 'org_membership':
        return (await this.audience.orgIds(org)).map((id) => choice(id, id));
    }
  }

  events(auth: RequestContext, keyword: string | undefined, maxResult: number) {
    return this.audience.events(auth.organisationId, keyword, maxResult);
  }

  /** Each property once, with the type most of its recent values had. */
  async eventProperties(auth: RequestContext, eventName: string) {
    const rows = await this.audience.eventProperties(auth.organisationId, eventName);
    const seen = new Map<string, PersonFieldType>();
    for (const row of rows) {
      if (seen.has(row.name)) continue;
      const type: PersonFieldType =
        row.json_type === 'number'
          ? row.is_integer
            ? 'integer'
            : 'float'
          : row.json_type === 'boolean'
            ? 'boolean'
            : row.json_type === 'string' && row.is_date
              ? 'datetime'
              : 'string';
      seen.set(row.name, type);
    }
    return [...seen].map(([name, type]) => ({ name, type }));
  }

  async preview(auth: RequestContext, query: AudienceQuery, context: CampaignContext) {
    const scope = await this.scope(auth, query, context);
    const [rows, count] = await Promise.all([
      this.guard(() => this.audience.preview(query, scope)),
      this.guard(() => this.audience.count(query, scope)),
    ]);
    return { audience_list: { rows, total_count: { count } } };
  }

  /** The campaign's working-copy list, or `query`; a campaign without a list counts 0. */
  async count(auth: RequestContext, campaignId: string, query: AudienceQuery | undefined) {
    const campaign = await this.audience.campaign(auth.organisationId, campaignId);
    if (!campaign) throw new NotFoundError(campaignMessages.notFound);
    if (!query && !campaign.dynamic_list) return 0;
    const parsed = query
      ? { success: true as const, data: query }
      : audienceQuerySchema.safeParse(storedQuery(campaign.dynamic_list));
    if (!parsed.success) refuse({ '': audienceMessages.invalidValues });
    const list = parsed.data as AudienceQuery;
    const scope = await this.scope(auth, list, campaign.campaign_context);
    return this.guard(() => this.audience.count(list, scope));
  }

  dynamicLists(auth: RequestContext) {
    return this.audience.withDynamicList(auth.organisationId);
  }

  async insert(auth: RequestContext, listId: string, query: AudienceQuery): Promise<number> {
    const scope = await this.scope(auth, query, 'person');
    const inserted = await this.guard(() =>
      this.audience.insertIntoList(query, scope, listId, auth.accountId),
    );
    if (inserted === null) throw new NotFoundError(LIST_NOT_FOUND);
    return inserted;
  }

  /** Checks the query (spec 5) and gathers what compiling it needs. */
  private async scope(auth: RequestContext, query: AudienceQuery, context: CampaignContext): Promise<Scope> {
    const errors = audienceQueryErrors(query);
    if (Object.keys(errors).length > 0) refuse(errors);
    const fields = await this.audience.fields(auth.organisationId);
    return { organisationId: auth.organisationId, context, now: new Date(), fields };
  }

  /** What only compiling finds (an unknown field, a bad date) is refused like the rest. */
  private async guard<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof AudienceQueryError) refuse(error.errors);
      throw error;
    }
  }
}
