import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

export interface CampaignName {
  campaign_id: string;
  organisation_id: string;
  name: string;
  deleted: boolean;
  at: string;
}
export interface TemplateName {
  campaign_id: string;
  template_id: string;
  name: string;
  at: string;
}
export interface RunRow {
  run_id: string;
  organisation_id: string;
  campaign_id: string;
  run_time: string;
  run_state: string;
  total_count: number;
  at: string;
}

/** Keeps the newest of each key in a batch: one row per key per statement. */
export function newestPer<T extends { at: string }>(rows: readonly T[], key: (row: T) => string): T[] {
  const newest = new Map<string, T>();
  for (const row of rows) {
    const seen = newest.get(key(row));
    if (!seen || row.at >= seen.at) newest.set(key(row), row);
  }
  return [...newest.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, row]) => row);
}

/**
 * Names of campaigns and templates and the runs, as events tell them. Each row keeps the time
 * of the event that set it, so an older event arriving late never overwrites a newer value.
 */
@Injectable()
export class CatalogRepository {
  async upsertCampaigns(manager: EntityManager, rows: readonly CampaignName[]): Promise<void> {
    const newest = newestPer(rows, (r) => r.campaign_id);
    if (newest.length === 0) return;
    await manager.query(
      `INSERT INTO reports.campaigns (campaign_id, organisation_id, name, deleted, name_at)
       SELECT campaign_id, organisation_id, name, deleted, at
       FROM jsonb_to_recordset($1::jsonb) AS r(campaign_id uuid, organisation_id uuid, name text, deleted boolean, at timestamptz)
       ON CONFLICT (campaign_id) DO UPDATE SET
         name = CASE WHEN excluded.name_at >= campaigns.name_at THEN excluded.name ELSE campaigns.name END,
         name_at = GREATEST(campaigns.name_at, excluded.name_at),
         -- A removal is final, whatever order the events arrive in.
         deleted = campaigns.deleted OR excluded.deleted
       -- Every email batch names its campaign: rewrite the row only when something changes.
       WHERE (excluded.name_at >= campaigns.name_at AND excluded.name <> campaigns.name)
         OR (excluded.deleted AND NOT campaigns.deleted)`,
      [JSON.stringify(newest)],
    );
  }

  async upsertTemplates(manager: EntityManager, rows: readonly TemplateName[]): Promise<void> {
    const newest = newestPer(rows, (r) => `${r.campaign_id}/${r.template_id}`);
    if (newest.length === 0) return;
    await manager.query(
      `INSERT INTO reports.campaign_templates (campaign_id, template_id, name, name_at)
       SELECT campaign_id, template_id, name, at
       FROM jsonb_to_recordset($1::jsonb) AS r(campaign_id uuid, template_id uuid, name text, at timestamptz)
       ON CONFLICT (campaign_id, template_id) DO UPDATE SET
         name = excluded.name, name_at = excluded.name_at
       WHERE excluded.name_at >= campaign_templates.name_at AND excluded.name <> campaign_templates.name`,
      [JSON.stringify(newest)],
    );
  }

  async upsertRuns(manager: EntityManager, rows: readonly RunRow[]): Promise<void> {
    const newest = newestPer(rows, (r) => r.run_id);
    if (newest.length === 0) return;
    await manager.query(
      `INSERT INTO reports.runs (run_id, organisation_id, campaign_id, run_time, run_state, total_count, changed_at)
       SELECT run_id, organisation_id, campaign_id, run_time, run_state, total_count, at
       FROM jsonb_to_recordset($1::jsonb) AS r(run_id uuid, organisation_id uuid, campaign_id uuid,
         run_time timestamptz, run_state text, total_count integer, at timestamptz)
       ON CONFLICT (run_id) DO UPDATE SET
         run_time = excluded.run_time, run_state = excluded.run_state,
         total_count = excluded.total_count, changed_at = excluded.changed_at
       WHERE excluded.changed_at >= runs.changed_at`,
      [JSON.stringify(newest)],
    );
  }
}
