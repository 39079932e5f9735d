import { Inject } from '@nestjs/common';
import {
  CONFIG,
  type JobContext,
  type JobHandler,
  type JobPayload,
  JobProcessor,
  JobQueue,
  LOGGER,
} from '@meridian/server-kit';
import type { IntegrationsConfig } from '../../../config';
import type { Logger } from 'pino';
import { SalesforceApiBudget } from '../session/salesforce-api-budget';
import { SalesforceNotLoggedInError, SalesforceSessions } from '../session/salesforce-sessions';
import { CallGate, isLoginError, RunStoppedError, TurnOverError } from './salesforce-call-gate';
import { SalesforceDeletedReader } from './salesforce-deleted-reader';
import { SalesforceDeleter } from './salesforce-deleter';
import { SalesforcePuller } from './salesforce-puller';
import { SalesforcePusher } from './salesforce-pusher';
import { SalesforceSyncLockRepository } from './salesforce-sync-lock.repository';
import { SalesforceSyncRepository } from './salesforce-sync.repository';
import { salesforceSyncJobKey, salesforceSyncRunJob } from './salesforce-sync.jobs';

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * A sync run of one connection: pull (Salesforce to persons, then records deleted there), push
 * (the queue to Salesforce), then delete (records of persons deleted in the product),
 * every call from the API budget. A spent budget ends the run 'finished' with its deferred count;
 * a lost login ends it 'error' and pauses the connection; a shutdown leaves it open to go on.
 * A run works for one turn (SALESFORCE_SYNC_TURN_MS), then stops at its next checkpoint and
 * queues again behind the jobs waiting meanwhile (the same run goes on, from its cursors and
 * queues), so a few organisations' long syncs do not hold every job slot until they are done.
 */
@JobProcessor(salesforceSyncRunJob)
export class SalesforceSyncRunner implements JobHandler<typeof salesforceSyncRunJob> {
  private readonly turnMs: number;

  constructor(
    @Inject(CONFIG) config: IntegrationsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly syncs: SalesforceSyncRepository,
    private readonly locks: SalesforceSyncLockRepository,
    private readonly sessions: SalesforceSessions,
    private readonly budget: SalesforceApiBudget,
    private readonly puller: SalesforcePuller,
    private readonly pusher: SalesforcePusher,
    private readonly deletedReader: SalesforceDeletedReader,
    private readonly deleter: SalesforceDeleter,
    private readonly jobs: JobQueue,
  ) {
    this.turnMs = config.SALESFORCE_SYNC_TURN_MS;
  }

  async handle(payload: JobPayload<typeof salesforceSyncRunJob>, context: JobContext): Promise<void> {
    const lock = await this.locks.tryLock(payload.connectionId);
    // Another process runs this connection now; the tick comes back for it.
    if (!lock) return;
    let outcome: 'done' | 'turn-over';
    try {
      outcome = await this.run(
        payload.organisationId,
        payload.connectionId,
        payload.manual ?? false,
        context.signal,
      );
    } finally {
      await lock.release();
    }
    // Queued once the lock is free, so the job that takes it over finds the connection free.
    if (outcome === 'turn-over') {
      await this.jobs.enqueue(undefined, salesforceSyncRunJob, payload, {
        jobKey: salesforceSyncJobKey(payload.connectionId),
        jobKeyMode: 'preserve_run_at',
      });
    }
  }

  /** 'turn-over' when the run stopped at a checkpoint for a job queued again to go on with; 'done' otherwise. */
  private async run(
    organisationId: string,
    connectionId: string,
    manual: boolean,
    signal: AbortSignal,
  ): Promise<'done' | 'turn-over'> {
    const connection = await this.syncs.connection(organisationId, connectionId);
    if (!connection?.is_sync_enabled || !connection.is_sync_active || !connection.setup_complete)
      return 'done';
    const run = await this.syncs.openRun(organisationId, connectionId, manual);
    if (!run) return 'done';
    const gate = new CallGate(this.budget, organisationId, connectionId, signal, Date.now() + this.turnMs);
    try {
      const conn = await this.sessions.open(organisationId, connectionId);
      const mappings = await this.syncs.mappings(organisationId, connectionId);
      await this.puller.pull(conn, run, connection, mappings, gate);
      await this.deletedReader.read(conn, run, connection, gate);
      await this.pusher.push(conn, run, connection, mappings, gate);
      await this.deleter.delete(conn, run, gate);
      await this.syncs.addUsage(run.id, gate.calls, gate.deferred);
      await this.syncs.finish(run.id, connectionId, 'finished', null);
      return 'done';
    } catch (error) {
      await this.syncs.addUsage(run.id, gate.calls, gate.deferred);
      if (error instanceof TurnOverError && !signal.aborted) return 'turn-over';
      // Shutting down: the run stays open and the next process (or the tick) goes on from the cursors.
      if (error instanceof RunStoppedError || signal.aborted) return 'done';
      const message = describe(error);
      if (error instanceof SalesforceNotLoggedInError || isLoginError(error)) {
        await this.syncs.pauseForLogin(connectionId, new SalesforceNotLoggedInError().message);
      } else {
        this.logger.warn({ connectionId, runId: run.id, error: message }, 'Salesforce sync run failed');
      }
      await this.syncs.finish(run.id, connectionId, 'error', message);
      return 'done';
    }
  }
}
