import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type AudienceQuery, DEFAULT_FIELD_NAMES } from '@meridian/contracts';
import type { Transaction } from '@meridian/server-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { type AudienceFieldDefinition, audienceCondition } from '../../campaigns/audience/audience-compiler';
import { Params } from '../../campaigns/audience/audience-values';

/** Who a feed pushes: everyone, a static list's members, or a dynamic list's people (compiled as campaigns compile it). */
export type Inclusion =
  | { kind: 'everyone' }
  | { kind: 'static'; listId: string }
  | { kind: 'dynamic'; query: AudienceQuery; fields: readonly AudienceFieldDefinition[] };

/** A person read for export: `values` holds the asked fields (absent custom values are null). */
export interface PersonRow {
  person_id: string;
  email: string;
  time_updated: Date;
  /** _updated_time as Postgres' text, so a cursor keeps its microseconds. */
  cursor_time: string;
  values: Record<string, unknown>;
}

/**
 * How long a change may take to become visible beyond the oldest open transaction: values some
 * writers stamp with the application's clock (a contact edit) rather than the database's.
 */
const CLOCK_SLACK = '2 seconds';
/** The longest an open transaction holds a feed back (a bulk write's transaction is far shorter). */
const OPEN_WAIT = '15 minutes';

const defaultColumns = new Set<string>(DEFAULT_FIELD_NAMES);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const manager = (tx: Transaction) => tx as unknown as EntityManager;

/**
 * The select list of an export: ids, times and one jsonb of the fields. Default fields are
 * columns named from our own list; custom ones are keys of custom_fields, bound as parameters.
 */
function valuesSelect(fields: readonly string[], params: Params): string {
  const wanted = [...new Set(['email', ...fields])];
  const defaults = wanted.filter((f) => defaultColumns.has(f));
  const custom = wanted.filter((f) => !defaultColumns.has(f));
  const pairs = defaults.map((f) => `'${f}', p.${f}`).join(', ');
  const customValues = custom.length
    ? ` || (SELECT coalesce(jsonb_object_agg(k.name, p.custom_fields -> k.name), '{}'::jsonb)
              FROM unnest(${params.add(custom, '::text[]')}) AS k(name))`
    : '';
  return `p.id AS person_id, p.email, p._updated_time AS time_updated, p._updated_time::text AS cursor_time,
          jsonb_build_object(${pairs})${customValues} AS "values"`;
}

/** Reads persons for the CRM push, set-based; every read is scoped by the organisation. */
@Injectable()
export class CrmExportRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * The latest change time a page may take: before the oldest transaction still open (its changes,
   * stamped with its start, may commit later) and a little before now. Changes after it wait for
   * the next page, so none commits behind a cursor that already moved past it. A transaction left
   * open longer than OPEN_WAIT holds the feed back no further: the feed never stalls for good.
   */
  async horizon(tx: Transaction): Promise<string> {
    const rows = (await manager(tx).query(
      `SELECT (greatest(least(now(), coalesce(min(xact_start), now())), now() - interval '${OPEN_WAIT}')
                - interval '${CLOCK_SLACK}')::text AS horizon
         FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND xact_start IS NOT NULL`,
    )) as { horizon: string }[];
    return rows[0]!.horizon;
  }

  /** The next persons changed past the cursor and before the horizon, in change order (keyset). */
  async changedPage(
    tx: Transaction,
    page: {
      organisationId: string;
      fields: readonly string[];
      inclusion: Inclusion;
      after: { time: string; id: string };
      before: string;
      limit: number;
    },
  ): Promise<PersonRow[]> {
    const params = new Params();
    const org = params.add(page.organisationId, '::uuid');
    const select = valuesSelect(page.fields, params);
    let included = 'true';
    if (page.inclusion.kind === 'static') {
      // A list id that cannot be a list is a list nobody is in.
      if (!UUID.test(page.inclusion.listId)) return [];
      included = `EXISTS (SELECT 1 FROM campaign.static_list_members m
        WHERE m.static_list_id = ${params.add(page.inclusion.listId, '::uuid')}
          AND m.person_id = p.id AND m.organisation_id = ${org})`;
    } else if (page.inclusion.kind === 'dynamic') {
      included = audienceCondition(
        page.inclusion.query,
        {
          organisationId: page.organisationId,
          context: 'person',
          now: new Date(),
          fields: page.inclusion.fields,
        },
        params,
      );
    }
    const sql = `SELECT ${select} FROM campaign.persons p
       WHERE p.organisation_id = ${org}
         AND (p._updated_time, p.id) > (${params.add(page.after.time, '::timestamptz')}, ${params.add(page.after.id, '::uuid')})
         AND p._updated_time < ${params.add(page.before, '::timestamptz')}
         AND (${included})
       ORDER BY p._updated_time, p.id
       LIMIT ${params.add(page.limit, '::int')}`;
    return (await manager(tx).query(sql, params.values)) as PersonRow[];
  }

  async byIds(
    tx: Transaction,
    organisationId: string,
    ids: readonly string[],
    fields: readonly string[],
  ): Promise<PersonRow[]> {
    const params = new Params();
    const org = params.add(organisationId, '::uuid');
    const select = valuesSelect(fields, params);
    return (await manager(tx).query(
      `SELECT ${select} FROM campaign.persons p
        WHERE p.organisation_id = ${org} AND p.id = ANY(${params.add(ids, '::uuid[]')}) ORDER BY p.id`,
      params.values,
    )) as PersonRow[];
  }

  /** The persons of these emails (case-insensitive); unknown emails find nobody. */
  async byEmails(
    tx: Transaction,
    organisationId: string,
    emails: readonly string[],
    fields: readonly string[],
  ): Promise<PersonRow[]> {
    const params = new Params();
    const org = params.add(organisationId, '::uuid');
    const select = valuesSelect(fields, params);
    const lowered = [...new Set(emails.map((e) => e.trim().toLowerCase()))];
    return (await manager(tx).query(
      `SELECT ${select} FROM campaign.persons p
        WHERE p.organisation_id = ${org} AND lower(p.email) = ANY(${params.add(lowered, '::text[]')})
        ORDER BY p.id`,
      params.values,
    )) as PersonRow[];
  }

  /** A campaign's dynamic list as stored (the published one, else the draft's); null when there is none. */
  async dynamicList(organisationId: string, campaignId: string): Promise<unknown> {
    if (!UUID.test(campaignId)) return null;
    const rows = await this.db.query<{ list: unknown }[]>(
      `SELECT coalesce(dynamic_list, draft_data -> 'dynamic_list') AS list FROM campaign.campaigns
        WHERE id = $1 AND organisation_id = $2`,
      [campaignId, organisationId],
    );
    return rows[0]?.list ?? null;
  }
}
