import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { crmPushConfigured, EventPayload } from '@meridian/contracts';
import type { Transaction } from '@meridian/server-kit';
import { DataSource, type EntityManager } from 'typeorm';

export type CrmInclusionList = NonNullable<EventPayload<typeof crmPushConfigured>['inclusion_list']>;

/** A feed's settings as crmPushConfigured last set them (occurred_at as a Date). */
export interface FeedSetting {
  organisation_id: string;
  connection_id: string;
  enabled: boolean;
  fields: string[];
  inclusion_list: CrmInclusionList | null;
  occurred_at: Date;
}

/** An enabled feed, locked for one page of its export. The cursor is kept as Postgres' text (microseconds). */
export interface LockedFeed {
  organisation_id: string;
  connection_id: string;
  fields: string[];
  inclusion_list: CrmInclusionList | null;
  cursor_time: string;
  cursor_id: string;
}

/** Where a feed starts: every real id sorts after it, so persons changed at the start time are included. */
export const CURSOR_START_ID = '00000000-0000-0000-0000-000000000000';

const manager = (tx: Transaction) => tx as unknown as EntityManager;

/** campaign.crm_push_feeds: what each CRM connection pushes and how far its export has got. */
@Injectable()
export class CrmFeedRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Applies settings (one per connection, the latest) in one statement; answers the connections
   * now enabled. An older setting than the stored one is ignored, a connection of another
   * organisation is never touched, and the cursor is set the first time a feed is enabled.
   */
  async configure(tx: Transaction, settings: readonly FeedSetting[]): Promise<string[]> {
    if (settings.length === 0) return [];
    const rows = (await manager(tx).query(
      `INSERT INTO campaign.crm_push_feeds AS f
         (connection_id, organisation_id, enabled, fields, inclusion_list, cursor_time, cursor_id, time_updated)
       SELECT s.connection_id, s.organisation_id, s.enabled,
              ARRAY(SELECT jsonb_array_elements_text(s.fields)),
              NULLIF(s.inclusion_list, 'null'::jsonb),
              CASE WHEN s.enabled THEN s.occurred_at END,
              CASE WHEN s.enabled THEN $2::uuid END,
              s.occurred_at
         FROM unnest($1::text[], $3::uuid[], $4::boolean[], $5::jsonb[], $6::jsonb[], $7::timestamptz[])
           AS s(connection_id, organisation_id, enabled, fields, inclusion_list, occurred_at)
       ON CONFLICT (connection_id) DO UPDATE SET
         enabled = EXCLUDED.enabled,
         fields = EXCLUDED.fields,
         inclusion_list = EXCLUDED.inclusion_list,
         cursor_time = coalesce(f.cursor_time, EXCLUDED.cursor_time),
         cursor_id = coalesce(f.cursor_id, EXCLUDED.cursor_id),
         time_updated = EXCLUDED.time_updated
       WHERE f.organisation_id = EXCLUDED.organisation_id AND f.time_updated <= EXCLUDED.time_updated
       RETURNING connection_id, enabled`,
      [
        settings.map((s) => s.connection_id),
        CURSOR_START_ID,
        settings.map((s) => s.organisation_id),
        settings.map((s) => s.enabled),
        settings.map((s) => JSON.stringify(s.fields)),
        settings.map((s) => JSON.stringify(s.inclusion_list)),
        settings.map((s) => s.occurred_at.toISOString()),
      ],
    )) as { connection_id: string; enabled: boolean }[];
    return rows.filter((r) => r.enabled).map((r) => r.connection_id);
  }

  async enabledConnections(): Promise<string[]> {
    const rows = await this.db.query<{ connection_id: string }[]>(
      `SELECT connection_id FROM campaign.crm_push_feeds WHERE enabled ORDER BY connection_id`,
    );
    return rows.map((r) => r.connection_id);
  }

  /** Locks an enabled feed for a page (a second export of it waits, then reads the moved cursor). */
  async lockEnabled(tx: Transaction, connectionId: string): Promise<LockedFeed | null> {
    const rows = (await manager(tx).query(
      `SELECT organisation_id, connection_id, fields, inclusion_list,
              cursor_time::text AS cursor_time, cursor_id
         FROM campaign.crm_push_feeds
        WHERE connection_id = $1 AND enabled AND cursor_time IS NOT NULL
        FOR UPDATE`,
      [connectionId],
    )) as LockedFeed[];
    return rows[0] ?? null;
  }

  /** Moves the cursor forward only: a horizon behind a feed's start leaves the start where it is. */
  async moveCursor(tx: Transaction, connectionId: string, time: string, id: string): Promise<void> {
    await manager(tx).query(
      `UPDATE campaign.crm_push_feeds SET cursor_time = $2::timestamptz, cursor_id = $3::uuid
        WHERE connection_id = $1 AND (cursor_time, cursor_id) < ($2::timestamptz, $3::uuid)`,
      [connectionId, time, id],
    );
  }

  /** The fields a connection of the organisation pushes; null when it has no feed yet. */
  async fieldsOf(tx: Transaction, organisationId: string, connectionId: string): Promise<string[] | null> {
    const rows = (await manager(tx).query(
      `SELECT fields FROM campaign.crm_push_feeds WHERE connection_id = $1 AND organisation_id = $2`,
      [connectionId, organisationId],
    )) as { fields: string[] }[];
    return rows[0]?.fields ?? null;
  }
}
