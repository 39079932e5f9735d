import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { CampaignContext } from '@meridian/contracts';
import type { Transaction } from '@meridian/server-kit';
import { DataSource, type EntityManager } from 'typeorm';
import type { CompiledAudience } from '../audience/audience-compiler';
import type { Qualification } from './qualification';

export interface SnapshotTarget {
  runId: string;
  organisationId: string;
  campaignId: string;
  context: CampaignContext;
  firstActionId: string;
}

/** The audience snapshot of a run: one INSERT ... SELECT from the compiled dynamic list. */
@Injectable()
export class SnapshotRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Inserts every qualified unit of the audience as an active person at the flow's first step and
   * answers how many. The qualification reads the campaign's run history (run_persons_history_idx);
   * this run's own rows are not there yet, as the statement reads the table as it was before it.
   * The unit is the entry: in the person context a person (org_key ''), in the org context a
   * person and a product org they belong to (spec 1: one email per Email+OrgID product user), so a
   * person of two orgs in the audience enters twice. Qualification reads the history of the same
   * unit: 'once' means once per person and org in the org context.
   */
  async take(
    tx: Transaction,
    audience: CompiledAudience,
    target: SnapshotTarget,
    qualification: Qualification,
  ): Promise<number> {
    const values = [...audience.values];
    const bind = (value: unknown, cast: string) => {
      values.push(value);
      return `$${values.length}${cast}`;
    };
    const campaign = bind(target.campaignId, '::uuid');
    const orgId = target.context === 'org' ? 'a.org_id' : 'NULL::text';
    // An entry cancelled before the person got anything (no step acted, no message) is no entry.
    const history = `SELECT 1 FROM campaign.run_persons h WHERE h.campaign_id = ${campaign} AND h.person_id = a.person_id
      AND h.org_key = coalesce(${orgId}, '')
      AND (h.state <> 'cancelled' OR h.acted OR EXISTS (
        SELECT 1 FROM campaign.email_messages m
         WHERE m.run_id = h.run_id AND m.person_id = h.person_id AND m.org_key = h.org_key))`;
    const qualified =
      qualification.kind === 'every_time'
        ? 'true'
        : qualification.kind === 'once'
          ? `NOT EXISTS (${history})`
          : `NOT EXISTS (${history} AND h.entered_at > now() - ${bind(qualification.interval, '::interval')})`;
    const rows = (await (tx as unknown as EntityManager).query(
      `WITH entered AS (
         INSERT INTO campaign.run_persons
           (run_id, person_id, organisation_id, campaign_id, org_id, state, current_action_id)
         SELECT DISTINCT ON (a.person_id, ${orgId}) ${bind(target.runId, '::uuid')}, a.person_id,
                ${bind(target.organisationId, '::uuid')}, ${campaign}, ${orgId}, 'active',
                ${bind(target.firstActionId, '::text')}
           FROM (${audience.text}) a
          WHERE ${qualified}
          ORDER BY a.person_id, ${orgId}
         ON CONFLICT DO NOTHING RETURNING 1)
       SELECT count(*)::int AS count FROM entered`,
      values,
    )) as { count: number }[];
    return rows[0]?.count ?? 0;
  }
}
