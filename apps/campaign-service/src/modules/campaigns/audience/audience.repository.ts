import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  type AudienceQuery,
  type AudienceRow,
  type CampaignContext,
  DEFAULT_PERSON_FIELDS,
  type PersonFieldType,
} from '@meridian/contracts';
import { likePattern } from '@meridian/server-kit';
import { DataSource } from 'typeorm';
import { type AudienceFieldDefinition, audienceCondition, unitFrom } from './audience-compiler';
import { audienceCountSql, audiencePreviewSql, type Scope } from './audience-sql';
import { Params } from './audience-values';

export type { Scope };

export interface AudienceField extends AudienceFieldDefinition {
  display: string;
}

export interface CampaignAudience {
  campaign_context: CampaignContext;
  /** The working copy: draft_data.dynamic_list ?? dynamic_list. */
  dynamic_list: Record<string, unknown> | null;
}

/** The reads behind the dynamic list calls; every one is scoped by the organisation. */
@Injectable()
export class AudienceRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Default fields (the persons columns), then the organisation's custom fields. */
  async fields(organisationId: string): Promise<AudienceField[]> {
    const custom = await this.db.query<{ name: string; display: string; type: PersonFieldType }[]>(
      `SELECT name, display, type FROM campaign.person_fields
        WHERE organisation_id = $1 AND custom ORDER BY position, name`,
      [organisationId],
    );
    return [
      ...DEFAULT_PERSON_FIELDS.map((f) => ({
        name: f.name,
        display: f.display,
        type: f.type,
        custom: false,
      })),
      ...custom.map((f) => ({ ...f, custom: true })),
    ];
  }

  async events(organisationId: string, keyword: string | undefined, limit: number): Promise<string[]> {
    const rows = await this.db.query<{ event_name: string }[]>(
      `SELECT DISTINCT event_name FROM campaign.person_product_activity
        WHERE organisation_id = $1 AND ($2::text IS NULL OR event_name ILIKE $2)
        ORDER BY event_name LIMIT $3`,
      [organisationId, keyword ? likePattern(keyword) : null, limit],
    );
    return rows.map((r) => r.event_name);
  }

  /** Property names of an event with the jsonb types their values had (a sample of recent events). */
  async eventProperties(organisationId: string, eventName: string) {
    return this.db.query<{ name: string; json_type: string; is_integer: boolean; is_date: boolean }[]>(
      `WITH recent AS (
         SELECT event_properties FROM campaign.person_product_activity
          WHERE organisation_id = $1 AND event_name = $2 ORDER BY event_date DESC LIMIT 1000)
       SELECT key AS name, jsonb_typeof(value) AS json_type,
              bool_and(jsonb_typeof(value) <> 'number' OR (value #>> '{}') ~ '^-?[0-9]+$') AS is_integer,
              bool_and(jsonb_typeof(value) <> 'string' OR campaign.audience_timestamptz(value #>> '{}') IS NOT NULL) AS is_date
         FROM recent, jsonb_each(CASE jsonb_typeof(event_properties) WHEN 'object' THEN event_properties ELSE '{}' END)
        WHERE jsonb_typeof(value) <> 'null'
        GROUP BY key, jsonb_typeof(value) ORDER BY key, count(*) DESC`,
      [organisationId, eventName],
    );
  }

  async staticLists(organisationId: string) {
    return this.db.query<{ id: string; name: string }[]>(
      `SELECT id, name FROM campaign.static_lists WHERE organisation_id = $1 ORDER BY lower(name), id`,
      [organisationId],
    );
  }

  /** Campaigns that were ever published (publish bumps the version) or deactivated; never `exclude`. */
  async publishedCampaigns(organisationId: string, exclude: string | null) {
    return this.db.query<{ id: string; name: string }[]>(
      `SELECT id, name FROM campaign.campaigns
        WHERE organisation_id = $1 AND (version > 1 OR deactivated_at IS NOT NULL)
          AND ($2::uuid IS NULL OR id <> $2::uuid)
        ORDER BY lower(name), id`,
      [organisationId, exclude],
    );
  }

  async orgIds(organisationId: string): Promise<string[]> {
    const rows = await this.db.query<{ org_id: string }[]>(
      `SELECT DISTINCT org_id FROM campaign.person_org WHERE organisation_id = $1 ORDER BY org_id LIMIT 10000`,
      [organisationId],
    );
    return rows.map((r) => r.org_id);
  }

  async campaign(organisationId: string, id: string): Promise<CampaignAudience | null> {
    const rows = await this.db.query<CampaignAudience[]>(
      `SELECT campaign_context, coalesce(draft_data -> 'dynamic_list', dynamic_list) AS dynamic_list
         FROM campaign.campaigns WHERE organisation_id = $1 AND id = $2`,
      [organisationId, id],
    );
    return rows[0] ?? null;
  }

  /** Campaigns whose working copy has a dynamic list. */
  async withDynamicList(organisationId: string) {
    return this.db.query<{ campaign_id: string; name: string }[]>(
      `SELECT id AS campaign_id, name FROM campaign.campaigns
        WHERE organisation_id = $1
          AND jsonb_typeof(coalesce(draft_data -> 'dynamic_list', dynamic_list)) = 'object'
        ORDER BY lower(name), id`,
      [organisationId],
    );
  }

  async count(query: AudienceQuery, scope: Scope): Promise<number> {
    const { text, values } = audienceCountSql(query, scope);
    const rows = await this.db.query<{ count: string }[]>(text, values);
    return Number(rows[0].count);
  }

  /** The first rows by email (spec 9: at most 20). */
  preview(query: AudienceQuery, scope: Scope): Promise<AudienceRow[]> {
    const { text, values } = audiencePreviewSql(query, scope);
    return this.db.query<AudienceRow[]>(text, values);
  }

  /** Adds the query's people to a list of the organisation; null when there is no such list. */
  async insertIntoList(
    query: AudienceQuery,
    scope: Scope,
    listId: string,
    accountId: string,
  ): Promise<number | null> {
    return this.db.transaction(async (tx) => {
      // A plain UPDATE answers [rows, count] through TypeORM; a CTE answers rows only.
      const touched = await tx.query<unknown[]>(
        `WITH touched AS (
           UPDATE campaign.static_lists SET updated_at = now(), updated_by = $3
            WHERE organisation_id = $1 AND id = $2 RETURNING id)
         SELECT id FROM touched`,
        [scope.organisationId, listId, accountId],
      );
      if (touched.length === 0) return null;
      const params = new Params();
      const condition = audienceCondition(query, scope, params);
      const list = params.add(listId, '::uuid');
      const inserted = await tx.query<{ count: string }[]>(
        `WITH added AS (
           INSERT INTO campaign.static_list_members (static_list_id, person_id, organisation_id)
           SELECT ${list}, p.id, p.organisation_id FROM ${unitFrom('person')} WHERE ${condition}
           ON CONFLICT DO NOTHING RETURNING 1)
         SELECT count(*) AS count FROM added`,
        params.values,
      );
      return Number(inserted[0].count);
    });
  }
}
