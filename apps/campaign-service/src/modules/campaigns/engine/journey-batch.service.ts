import { Inject, Injectable } from '@nestjs/common';
import { flowSchema } from '@meridian/contracts';
import { CONFIG, EventPublisher, JobQueue, type Transaction, Transactions } from '@meridian/server-kit';
import type { CampaignConfig } from '../../../config';
import { enqueueRunLanes, runBatchJob, runLaneKey, TURN_TASKS } from './engine.jobs';
import { JourneyRepository, type Move } from './journey.repository';
import { runChangedEvents } from './run-events';
import { RunsRepository } from './runs.repository';
import { StepRunnerService } from './step-runner.service';
import { type PendingWebhookCall, WebhookStepService } from './webhook-step.service';

/** Persons one batch takes: enough to make set-based writes pay, small enough to commit often. */
export const BATCH_SIZE = 200;

type Pass = 'more' | 'empty' | 'stop';

/**
 * Walks a run: each pass claims a batch of active persons (SKIP LOCKED, so lanes and replicas
 * share the run), runs their steps and moves them, all in one transaction. A run whose campaign
 * was paused (edited) or replaced takes no new batch. When a pass finds nothing to take, the run
 * finishes if every person is terminal.
 */
@Injectable()
export class JourneyBatchService {
  constructor(
    private readonly transactions: Transactions,
    private readonly runs: RunsRepository,
    private readonly journey: JourneyRepository,
    private readonly steps: StepRunnerService,
    private readonly webhooks: WebhookStepService,
    private readonly events: EventPublisher,
    private readonly jobs: JobQueue,
    @Inject(CONFIG) private readonly config: CampaignConfig,
  ) {}

  /**
   * Walks the run until nothing is left to take. As a lane's job (`lane` given), it walks for one
   * turn of RUN_TURN_MS at most, then puts the lane back at the end of the job queue and returns:
   * the runs of other campaigns and organisations that waited meanwhile take their turns first,
   * so one organisation's large run does not hold every job slot until it is done.
   */
  async drain(runId: string, signal?: AbortSignal, lane?: number): Promise<void> {
    // Another organisation whose turn came longer ago is waiting: it goes first, this lane behind it.
    if (lane !== undefined && !(await this.runs.takeTurn(runId, TURN_TASKS)))
      return this.requeue(runId, lane);
    const turnEnds = Date.now() + this.config.RUN_TURN_MS;
    for (;;) {
      if (signal?.aborted) return;
      const pending: PendingWebhookCall[] = [];
      const pass = await this.transactions.run((tx) => this.pass(tx, runId, pending, signal));
      // Webhook calls wait for the network outside the batch: no row lock or connection is held.
      // A lane's calls end with its turn too, so a slow endpoint cannot stretch the turn.
      if (pending.length > 0) await this.webhooks.perform(pending, lane === undefined ? undefined : turnEnds);
      if (pass === 'more' && lane !== undefined && Date.now() >= turnEnds) return this.requeue(runId, lane);
      if (pass === 'more') continue;
      if (pass === 'empty') await this.finish(runId);
      return;
    }
  }

  /** Puts the lane back at the end of the job queue. */
  private async requeue(runId: string, lane: number): Promise<void> {
    await this.transactions.run((tx) =>
      this.jobs.enqueue(
        tx,
        runBatchJob,
        { runId, lane },
        { jobKey: runLaneKey(runId, lane), jobKeyMode: 'preserve_run_at' },
      ),
    );
  }

  private async pass(
    tx: Transaction,
    runId: string,
    pending: PendingWebhookCall[],
    signal?: AbortSignal,
  ): Promise<Pass> {
    pending.length = 0; // a transaction tried again starts its calls afresh
    const run = await this.runs.run(tx, runId);
    if (!run || run.state !== 'processing' || !run.active || run.version !== run.campaign_version)
      return 'stop';
    const claimed = await this.journey.claim(tx, runId, BATCH_SIZE);
    if (claimed.length === 0) return 'empty';
    const flow = flowSchema.safeParse(run.flow);
    const moves: Move[] = flow.success
      ? await this.steps.walk(tx, run, flow.data, claimed, pending, signal)
      : claimed.map((c) => ({
          personId: c.person_id,
          orgId: c.org_id,
          state: 'failed',
          actionId: c.current_action_id,
          wakeAt: null,
          outcome: 'The flow of this campaign is damaged',
        }));
    await this.journey.move(tx, runId, moves);
    return 'more';
  }

  async finish(runId: string): Promise<void> {
    await this.transactions.run(async (tx) => {
      const finished = await this.runs.finishIfDone(tx, runId);
      if (finished) await this.events.publishMany(tx, runChangedEvents([finished]));
    });
  }

  /**
   * The minute's sweep: persons whose delay is over are woken, and every run with persons to walk
   * gets its batch jobs again (a worker that died mid-batch left its persons active).
   */
  async wakeDue(now: Date): Promise<void> {
    const finishable = await this.transactions.run(async (tx) => {
      const woken = await this.journey.wakeDue(tx, now);
      const resumable = await this.runs.resumable(tx);
      for (const runId of new Set([...woken, ...resumable])) await enqueueRunLanes(this.jobs, tx, runId);
      return this.runs.processingWithNoneLeft(tx);
    });
    for (const runId of finishable) await this.finish(runId);
  }
}
