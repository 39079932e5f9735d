import { Injectable } from '@nestjs/common';
import {
  type AudienceQuery,
  audienceQuerySchema,
  FLOW_ROOT,
  flowSchema,
  outgoingLink,
  type Rule,
} from '@meridian/contracts';
import { EventPublisher, JobQueue, type Transaction, Transactions } from '@meridian/server-kit';
import { PersonsService } from '../../contacts/persons/persons.service';
import { compileAudience } from '../audience/audience-compiler';
import { AudienceQueryError } from '../audience/audience-values';
import { qualificationOf } from './qualification';
import { runChangedEvents } from './run-events';
import { cancelReasons } from './run-scheduler.service';
import { type ChangedRun, type RunWithCampaign, RunsRepository } from './runs.repository';
import { SnapshotRepository } from './snapshot.repository';
import { enqueueRunLanes } from './engine.jobs';

export const skipReasons = {
  nobody: 'No one in the dynamic list qualified for this run',
  badList: 'The dynamic list could not be evaluated',
  noFlow: 'The flow has no steps',
} as const;

/**
 * Starts a scheduled run: takes its audience snapshot (set-based, qualification applied) and
 * hands it to the batch jobs, or ends it as skipped or cancelled with why. The run row is locked
 * and must still be 'scheduled', so a start job that runs twice starts it once.
 */
@Injectable()
export class RunStarterService {
  constructor(
    private readonly transactions: Transactions,
    private readonly runs: RunsRepository,
    private readonly snapshot: SnapshotRepository,
    private readonly persons: PersonsService,
    private readonly events: EventPublisher,
    private readonly jobs: JobQueue,
  ) {}

  async start(runId: string, now = new Date()): Promise<void> {
    await this.transactions.run(async (tx) => {
      const run = await this.runs.lockRun(tx, runId);
      if (!run || run.state !== 'scheduled') return;
      const changed = await this.begin(tx, run, now);
      await this.events.publishMany(tx, runChangedEvents([changed]));
    });
  }

  private async begin(tx: Transaction, run: RunWithCampaign, now: Date): Promise<ChangedRun> {
    if (!run.active) return this.runs.markEnded(tx, run.id, 'cancelled', cancelReasons.deactivated);
    if (run.version !== run.campaign_version)
      return this.runs.markEnded(tx, run.id, 'cancelled', cancelReasons.replaced);
    const flow = flowSchema.safeParse(run.flow);
    const first = flow.success ? outgoingLink(flow.data, FLOW_ROOT)?.target : undefined;
    if (!first) return this.runs.markEnded(tx, run.id, 'skipped', skipReasons.noFlow);
    const list = audienceQuerySchema.safeParse((run.dynamic_list as { query?: unknown } | null)?.query);
    if (!list.success) return this.runs.markEnded(tx, run.id, 'skipped', skipReasons.badList);
    let count: number;
    try {
      const audience = compileAudience(list.data as AudienceQuery, {
        organisationId: run.organisation_id,
        context: run.campaign_context,
        now,
        fields: await this.persons.fieldDefinitions(run.organisation_id),
      });
      count = await this.snapshot.take(
        tx,
        audience,
        {
          runId: run.id,
          organisationId: run.organisation_id,
          campaignId: run.campaign_id,
          context: run.campaign_context,
          firstActionId: first,
        },
        qualificationOf(run.rule as Rule | null),
      );
    } catch (error) {
      if (!(error instanceof AudienceQueryError)) throw error;
      return this.runs.markEnded(tx, run.id, 'skipped', skipReasons.badList);
    }
    if (count === 0) return this.runs.markEnded(tx, run.id, 'skipped', skipReasons.nobody);
    const started = await this.runs.markProcessing(tx, run.id, count);
    await enqueueRunLanes(this.jobs, tx, run.id);
    return started;
  }
}
