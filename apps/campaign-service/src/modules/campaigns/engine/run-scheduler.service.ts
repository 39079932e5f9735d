import { Inject, Injectable } from '@nestjs/common';
import { scheduleSchema } from '@meridian/contracts';
import { EventPublisher, JobQueue, LOGGER, type Transaction, Transactions } from '@meridian/server-kit';
import type { Logger } from 'pino';
import { runChangedEvents } from './run-events';
import { type NewRun, RunsRepository } from './runs.repository';
import { enqueueRunLanes, runStartJob, runStartKey, scheduleTickJob } from './engine.jobs';
import { dueSlots } from './slots';

export const cancelReasons = {
  deactivated: 'The campaign was deactivated',
  replaced: 'A newer version of the campaign was published',
  removed: 'The campaign was removed',
} as const;

/** A person of a resumed run whose step the newly published flow no longer has. */
export const stepRemovedReason = 'The step was removed when the campaign was published again';

/** A run left 'scheduled' this long has lost its start job; the tick starts it again. */
const STALLED_MS = 5 * 60_000;

/**
 * Turns schedules into runs: the tick inserts a run per due slot (the (campaign, slot) key makes
 * a second insert a no-op) and enqueues its start keyed by run id, all in one transaction with
 * the run events; publish and removal cancel the runs a campaign no longer wants.
 */
@Injectable()
export class RunSchedulerService {
  constructor(
    private readonly transactions: Transactions,
    private readonly runs: RunsRepository,
    private readonly events: EventPublisher,
    private readonly jobs: JobQueue,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Starts the runs of every due slot (of one campaign when given); answers how many runs it made. */
  async tick(now: Date, campaignId?: string): Promise<number> {
    return this.transactions.run(async (tx) => {
      const due = await this.runs.dueCampaigns(tx, now, campaignId);
      const created: NewRun[] = [];
      for (const campaign of due) {
        const parsed = scheduleSchema.safeParse(campaign.schedule);
        const first = new Date(String(campaign.schedule.next_run_time));
        if (!parsed.success || Number.isNaN(first.getTime())) {
          await this.runs.setNextRunTime(tx, campaign.id, null);
          continue;
        }
        // An at_once campaign runs once: published again while its run is being walked (the run
        // 'Edit campaign' paused), that run goes on with the new flow and no second run starts.
        if ((parsed.data.run_type ?? 'at_once') === 'at_once' && campaign.walking) {
          await this.runs.setNextRunTime(tx, campaign.id, null);
          continue;
        }
        const { slots, next } = dueSlots(parsed.data, first, now);
        for (const { slot, skipped } of slots)
          created.push({
            organisation_id: campaign.organisation_id,
            campaign_id: campaign.id,
            campaign_version: campaign.version,
            run_type: parsed.data.run_type ?? 'at_once',
            slot_time: slot,
            state: skipped ? 'skipped' : 'scheduled',
            state_reason: skipped,
          });
        await this.runs.setNextRunTime(tx, campaign.id, next);
      }
      const inserted = await this.runs.insertRuns(tx, created);
      await this.events.publishMany(tx, runChangedEvents(inserted));
      for (const run of inserted) if (run.state === 'scheduled') await this.enqueueStart(tx, run.id);
      if (!campaignId) {
        for (const id of await this.runs.stalledScheduled(tx, new Date(now.getTime() - STALLED_MS)))
          await this.enqueueStart(tx, id);
        // A publish whose hook did not get to its paused run: resumed here, as the hook would have.
        for (const runId of await this.runs.resumePaused(tx, stepRemovedReason, null))
          await enqueueRunLanes(this.jobs, tx, runId);
        const superseded = await this.runs.cancelSuperseded(
          tx,
          cancelReasons.replaced,
          cancelReasons.deactivated,
        );
        await this.events.publishMany(tx, runChangedEvents(superseded));
      }
      if (inserted.length > 0) this.logger.info({ runs: inserted.length }, 'campaign runs scheduled');
      return inserted.length;
    });
  }

  private enqueueStart(tx: Transaction, runId: string) {
    return this.jobs.enqueue(tx, runStartJob, { runId }, { jobKey: runStartKey(runId) });
  }

  /**
   * After a publish. Published active, the run 'Edit campaign' paused resumes on the new flow
   * (spec 4: editing pauses the current run; publishing it active lets it go on); published
   * inactive, it is cancelled as deactivated. Other open runs of earlier versions (scheduled, not
   * started) are cancelled as replaced, and an active campaign's due slot (at_once: now) is
   * scheduled at once.
   */
  async published(organisationId: string, campaignId: string, version: number, active: boolean) {
    await this.transactions.run(async (tx) => {
      if (active)
        for (const runId of await this.runs.resumePaused(tx, stepRemovedReason, campaignId))
          await enqueueRunLanes(this.jobs, tx, runId);
      const reason = active ? cancelReasons.replaced : cancelReasons.deactivated;
      const cancelled = await this.runs.cancelOpen(tx, organisationId, campaignId, version, reason);
      await this.events.publishMany(tx, runChangedEvents(cancelled));
      if (active)
        await this.jobs.enqueue(
          tx,
          scheduleTickJob,
          { campaignId },
          { jobKey: `campaign-tick:${campaignId}` },
        );
    });
  }

  /** Before a campaign is deleted (its runs go with it): its open runs end as cancelled, with events. */
  async removing(organisationId: string, campaignId: string) {
    await this.transactions.run(async (tx) => {
      const cancelled = await this.runs.cancelOpen(
        tx,
        organisationId,
        campaignId,
        null,
        cancelReasons.removed,
      );
      await this.events.publishMany(tx, runChangedEvents(cancelled));
    });
  }
}
