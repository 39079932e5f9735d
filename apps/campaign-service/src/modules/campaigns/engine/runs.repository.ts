import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { CampaignRunState } from '@meridian/contracts';
import { queueSchemaName, type Transaction } from '@meridian/server-kit';
import { DataSource, type EntityManager } from 'typeorm';

type Json = Record<string, unknown>;

/** This service's job queue, whose waiting batch jobs decide the organisations' turns. */
const QUEUE = queueSchemaName('campaign');

/** A campaign whose next slot is due, locked for this transaction. */
export interface DueCampaign {
  id: string;
  organisation_id: string;
  version: number;
  schedule: Json;
  /** A run of the campaign is being walked (perhaps paused by an edit, and resumed by its publish). */
  walking: boolean;
}

/** A run as its change event reports it. */
export interface ChangedRun {
  id: string;
  organisation_id: string;
  campaign_id: string;
  campaign_name: string;
  slot_time: Date;
  state: CampaignRunState;
  state_reason: string | null;
  total_count: number;
}

/** A run with the live campaign it belongs to. */
export interface RunWithCampaign {
  id: string;
  organisation_id: string;
  campaign_id: string;
  campaign_version: number;
  state: CampaignRunState;
  slot_time: Date;
  name: string;
  active: boolean;
  version: number;
  campaign_context: 'person' | 'org';
  flow: Json | null;
  dynamic_list: Json | null;
  rule: Json | null;
}

export interface NewRun {
  organisation_id: string;
  campaign_id: string;
  campaign_version: number;
  run_type: string;
  slot_time: Date;
  state: 'scheduled' | 'skipped';
  state_reason: string | null;
}

/** The state change, then the campaign's name for its event, in one statement. */
const withName = (changed: string) => `WITH changed AS (${changed})
  SELECT ch.id, ch.organisation_id, ch.campaign_id, c.name AS campaign_name, ch.slot_time, ch.state,
         ch.state_reason, ch.total_count
    FROM changed ch JOIN campaign.campaigns c ON c.id = ch.campaign_id`;
const RETURNING = 'RETURNING id, organisation_id, campaign_id, slot_time, state, state_reason, total_count';
const OPEN = `('scheduled', 'processing')`;

/** campaign_runs and the campaign columns the scheduler keeps (next run time, total count). */
@Injectable()
export class RunsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  private m(tx?: Transaction): EntityManager {
    return tx ? (tx as unknown as EntityManager) : this.db.manager;
  }

  /** Active campaigns with a due slot; a campaign another worker is scheduling is passed over. */
  dueCampaigns(tx: Transaction, now: Date, campaignId?: string): Promise<DueCampaign[]> {
    return this.m(tx).query(
      `SELECT id, organisation_id, version, schedule,
              EXISTS (SELECT 1 FROM campaign.campaign_runs r
                       WHERE r.campaign_id = campaigns.id AND r.state = 'processing') AS walking
         FROM campaign.campaigns
        WHERE active AND flow IS NOT NULL AND dynamic_list IS NOT NULL
          AND jsonb_typeof(schedule -> 'next_run_time') = 'string'
          AND (schedule ->> 'next_run_time')::timestamptz <= $1
          AND ($2::uuid IS NULL OR id = $2::uuid)
        ORDER BY (schedule ->> 'next_run_time')::timestamptz LIMIT 500
        FOR UPDATE SKIP LOCKED`,
      [now, campaignId ?? null],
    );
  }

  /** The slots' runs; a slot that already has one is left alone (it never starts twice). */
  async insertRuns(tx: Transaction, runs: readonly NewRun[]): Promise<ChangedRun[]> {
    if (runs.length === 0) return [];
    const col = <K extends keyof NewRun>(key: K) => runs.map((run) => run[key]);
    return this.m(tx).query(
      withName(`INSERT INTO campaign.campaign_runs
          (organisation_id, campaign_id, campaign_version, run_type, slot_time, state, state_reason, finished_at)
        SELECT u.org, u.campaign, u.version, u.run_type, u.slot, u.state, u.reason,
               CASE WHEN u.state = 'skipped' THEN now() END
          FROM unnest($1::uuid[], $2::uuid[], $3::int[], $4::text[], $5::timestamptz[], $6::text[], $7::text[])
            AS u(org, campaign, version, run_type, slot, state, reason)
        ON CONFLICT (campaign_id, slot_time) DO NOTHING ${RETURNING}`),
      [
        col('organisation_id'),
        col('campaign_id'),
        col('campaign_version'),
        col('run_type'),
        col('slot_time'),
        col('state'),
        col('state_reason'),
      ],
    );
  }

  /** Moves the campaign's next slot on (null: no more runs); `updated_at` is the editor's, left alone. */
  async setNextRunTime(tx: Transaction, campaignId: string, next: Date | null): Promise<void> {
    await this.m(tx).query(
      `UPDATE campaign.campaigns
          SET schedule = schedule || jsonb_build_object('next_run_time', $2::text) WHERE id = $1`,
      [campaignId, next ? next.toISOString() : null],
    );
  }

  /** The run and its campaign, the run locked: one starter at a time. */
  async lockRun(tx: Transaction, runId: string): Promise<RunWithCampaign | null> {
    const rows = await this.m(tx).query(
      `SELECT r.id, r.organisation_id, r.campaign_id, r.campaign_version, r.state, r.slot_time,
              c.name, c.active, c.version, c.campaign_context, c.flow, c.dynamic_list, c.rule
         FROM campaign.campaign_runs r JOIN campaign.campaigns c ON c.id = r.campaign_id
        WHERE r.id = $1 FOR UPDATE OF r`,
      [runId],
    );
    return (rows as RunWithCampaign[])[0] ?? null;
  }

  /** As `lockRun`, unlocked: what a batch reads before claiming persons. */
  async run(tx: Transaction, runId: string): Promise<RunWithCampaign | null> {
    const rows = await this.m(tx).query(
      `SELECT r.id, r.organisation_id, r.campaign_id, r.campaign_version, r.state, r.slot_time,
              c.name, c.active, c.version, c.campaign_context, c.flow, c.dynamic_list, c.rule
         FROM campaign.campaign_runs r JOIN campaign.campaigns c ON c.id = r.campaign_id
        WHERE r.id = $1`,
      [runId],
    );
    return (rows as RunWithCampaign[])[0] ?? null;
  }

  /** A started run: processing with its snapshot's size, counted into the campaign's total. */
  async markProcessing(tx: Transaction, runId: string, total: number): Promise<ChangedRun> {
    const [run] = (await this.m(tx).query(
      withName(`UPDATE campaign.campaign_runs SET state = 'processing', total_count = $2, started_at = now()
        WHERE id = $1 ${RETURNING}`),
      [runId, total],
    )) as ChangedRun[];
    await this.m(tx).query(`UPDATE campaign.campaigns SET total_count = total_count + $2 WHERE id = $1`, [
      run!.campaign_id,
      total,
    ]);
    return run!;
  }

  async markEnded(
    tx: Transaction,
    runId: string,
    state: 'skipped' | 'cancelled',
    reason: string,
  ): Promise<ChangedRun> {
    const [run] = (await this.m(tx).query(
      withName(`UPDATE campaign.campaign_runs SET state = $2, state_reason = $3, finished_at = now()
        WHERE id = $1 ${RETURNING}`),
      [runId, state, reason],
    )) as ChangedRun[];
    return run!;
  }

  /** Finished once no person is left active or waiting; null while some are (or it ended already). */
  async finishIfDone(tx: Transaction, runId: string): Promise<ChangedRun | null> {
    const rows = (await this.m(tx).query(
      withName(`UPDATE campaign.campaign_runs r SET state = 'finished', finished_at = now()
        WHERE r.id = $1 AND r.state = 'processing' AND NOT EXISTS (
          SELECT 1 FROM campaign.run_persons p WHERE p.run_id = r.id AND p.state IN ('active', 'waiting'))
        ${RETURNING}`),
      [runId],
    )) as ChangedRun[];
    return rows[0] ?? null;
  }

  /**
   * Cancels the campaign's open runs older than `beforeVersion` (all of them when null) and the
   * persons still walking them. Waits for a batch in flight to commit, then overrides it.
   */
  async cancelOpen(
    tx: Transaction,
    organisationId: string,
    campaignId: string,
    beforeVersion: number | null,
    reason: string,
  ): Promise<ChangedRun[]> {
    const runs = (await this.m(tx).query(
      withName(`UPDATE campaign.campaign_runs SET state = 'cancelled', state_reason = $4, finished_at = now()
        WHERE organisation_id = $1 AND campaign_id = $2 AND state IN ${OPEN}
          AND ($3::int IS NULL OR campaign_version < $3::int) ${RETURNING}`),
      [organisationId, campaignId, beforeVersion, reason],
    )) as ChangedRun[];
    await this.cancelPersons(tx, runs, reason);
    return runs;
  }

  /**
   * Open runs of a campaign published again since they were made (the hook after publish did not
   * get to them): cancelled as replaced, or as deactivated when the campaign is inactive now.
   */
  async cancelSuperseded(tx: Transaction, replaced: string, deactivated: string): Promise<ChangedRun[]> {
    const runs = (await this.m(tx).query(
      withName(`UPDATE campaign.campaign_runs r
          SET state = 'cancelled', finished_at = now(),
              state_reason = CASE WHEN c.active THEN $1 ELSE $2 END
         FROM campaign.campaigns c
        WHERE c.id = r.campaign_id AND r.state IN ${OPEN} AND c.version > r.campaign_version
        RETURNING r.id, r.organisation_id, r.campaign_id, r.slot_time, r.state, r.state_reason, r.total_count`),
      [replaced, deactivated],
    )) as ChangedRun[];
    for (const reason of [replaced, deactivated])
      await this.cancelPersons(
        tx,
        runs.filter((run) => run.state_reason === reason),
        reason,
      );
    return runs;
  }

  /**
   * Resumes the runs an 'Edit campaign' paused, now that the campaign is published active again
   * (of one campaign, or every one for the tick's sweep): a processing run of an earlier version
   * is adopted by the live version, and each person walks on from the step they stood on. A
   * person whose step the published flow no longer has ends as cancelled with `removedReason`.
   * Scheduled runs are not resumed: they never started, and the new schedule decides its slots.
   */
  async resumePaused(tx: Transaction, removedReason: string, campaignId: string | null): Promise<string[]> {
    const rows = (await this.m(tx).query(
      `WITH resumed AS (
         UPDATE campaign.campaign_runs r SET campaign_version = c.version
           FROM campaign.campaigns c
          WHERE c.id = r.campaign_id AND r.state = 'processing' AND c.active
            AND c.version > r.campaign_version AND ($1::uuid IS NULL OR r.campaign_id = $1::uuid)
         RETURNING r.id, CASE WHEN jsonb_typeof(c.flow -> 'nodes') = 'array' THEN c.flow -> 'nodes'
                              ELSE '[]'::jsonb END AS nodes),
       removed AS (
         UPDATE campaign.run_persons p
            SET state = 'cancelled', outcome = $2, wake_at = NULL, updated_at = now()
           FROM resumed
          WHERE p.run_id = resumed.id AND p.state IN ('active', 'waiting')
            AND p.current_action_id IS NOT NULL
            AND NOT EXISTS (
              SELECT 1 FROM jsonb_array_elements(resumed.nodes) n
               WHERE n ->> 'action_id' = p.current_action_id
                 AND NOT coalesce((n ->> 'is_deleted')::boolean, false))
         RETURNING p.run_id)
       SELECT id FROM resumed`,
      [campaignId, removedReason],
    )) as { id: string }[];
    return rows.map((row) => row.id);
  }

  private async cancelPersons(tx: Transaction, runs: readonly ChangedRun[], reason: string) {
    if (runs.length === 0) return;
    await this.m(tx).query(
      `UPDATE campaign.run_persons SET state = 'cancelled', outcome = $2, wake_at = NULL, updated_at = now()
        WHERE run_id = ANY($1::uuid[]) AND state IN ('active', 'waiting')`,
      [runs.map((run) => run.id), reason],
    );
  }

  /** Runs being walked whose campaign is live and unchanged, with persons ready to take. */
  async resumable(tx: Transaction): Promise<string[]> {
    const rows = (await this.m(tx).query(
      `SELECT r.id FROM campaign.campaign_runs r JOIN campaign.campaigns c ON c.id = r.campaign_id
        WHERE r.state = 'processing' AND c.active AND c.version = r.campaign_version
          AND EXISTS (SELECT 1 FROM campaign.run_persons p WHERE p.run_id = r.id AND p.state = 'active')`,
    )) as { id: string }[];
    return rows.map((row) => row.id);
  }

  /** Processing runs nobody is left to walk (a worker died between the last batch and the finish). */
  async processingWithNoneLeft(tx: Transaction): Promise<string[]> {
    const rows = (await this.m(tx).query(
      `SELECT r.id FROM campaign.campaign_runs r WHERE r.state = 'processing' AND NOT EXISTS (
         SELECT 1 FROM campaign.run_persons p WHERE p.run_id = r.id AND p.state IN ('active', 'waiting'))`,
    )) as { id: string }[];
    return rows.map((row) => row.id);
  }

  /** Runs left 'scheduled' (their start job lost or failed for good), for the tick to start again. */
  async stalledScheduled(tx: Transaction, before: Date): Promise<string[]> {
    const rows = (await this.m(tx).query(
      `SELECT id FROM campaign.campaign_runs WHERE state = 'scheduled' AND created_at < $1 LIMIT 500`,
      [before],
    )) as { id: string }[];
    return rows.map((row) => row.id);
  }

  /**
   * Whether a run's job (its start, which takes the audience snapshot, or a batch) may take its
   * turn now: not while another organisation has such a job ready and waiting and had its last
   * turn before this run's organisation did (or never had one). Taking it records the turn. So
   * job slots go round the organisations in turn, however many runs each has queued, and an
   * organisation alone on the queue never steps back.
   */
  async takeTurn(runId: string, tasks: readonly string[]): Promise<boolean> {
    const [row] = (await this.m().query(
      `WITH me AS (
         SELECT r.organisation_id, coalesce(t.turn_at, '-infinity') AS turn_at
           FROM campaign.campaign_runs r
           LEFT JOIN campaign.organisation_run_turns t ON t.organisation_id = r.organisation_id
          WHERE r.id = $1),
       waiting AS (
         SELECT DISTINCT r.organisation_id FROM campaign.campaign_runs r
          WHERE r.id IN (SELECT (j.payload -> 'data' ->> 'runId')::uuid
                           FROM ${QUEUE}._private_jobs j JOIN ${QUEUE}._private_tasks k ON k.id = j.task_id
                          WHERE k.identifier = ANY($2::text[]) AND j.is_available AND j.run_at <= now()
                            AND j.payload -> 'data' ->> 'runId' ~* '^[0-9a-f]{8}-[0-9a-f-]{27}$')
            AND r.organisation_id <> (SELECT organisation_id FROM me)),
       ahead AS (
         SELECT 1 FROM waiting w
           LEFT JOIN campaign.organisation_run_turns t ON t.organisation_id = w.organisation_id
          WHERE coalesce(t.turn_at, '-infinity') < (SELECT turn_at FROM me)
          LIMIT 1),
       taken AS (
         -- Runs whether or not it is read: a data-modifying WITH always does.
         INSERT INTO campaign.organisation_run_turns (organisation_id, turn_at)
         SELECT organisation_id, clock_timestamp() FROM me WHERE NOT EXISTS (SELECT 1 FROM ahead)
         ON CONFLICT (organisation_id) DO UPDATE SET turn_at = excluded.turn_at
         RETURNING 1)
       SELECT NOT EXISTS (SELECT 1 FROM ahead) AS go`,
      [runId, tasks],
    )) as { go: boolean }[];
    return row?.go ?? true;
  }
}
