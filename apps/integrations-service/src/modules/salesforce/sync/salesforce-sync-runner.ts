import { Inject } from '@nestjs/common';
import {
  type JobContext,
  type JobHandler,
  type JobPayload,
  JobProcessor,
  LOGGER,
} from '@meridian/server-kit';
import type { Logger } from 'pino';
import { SalesforceApiBudget } from '../session/salesforce-api-budget';
import { SalesforceNotLoggedInError, SalesforceSessions } from '../session/salesforce-sessions';
import { CallGate, isLoginError, RunStoppedError } from './salesforce-call-gate';
import { SalesforceDeletedReader } from './salesforce-deleted-reader';
import { SalesforceDeleter } from './salesforce-deleter';
import { SalesforcePuller } from './salesforce-puller';
import { SalesforcePusher } from './salesforce-pusher';
import { SalesforceSyncLockRepository } from './salesforce-sync-lock.repository';
import { SalesforceSyncRepository } from './salesforce-sync.repository';
import { salesforceSyncRunJob } from './salesforce-sync.jobs';

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * A sync run of one connection: pull (Salesforce to persons, then records deleted there), push
 * (the queue to Salesforce), then delete (records of persons deleted in the product),
 * every call from the API budget. A spent budget ends the run 'finished' with its deferred count;
 * a lost login ends it 'error' and pauses the connection; a shutdown leaves it open to go on.
 */
@JobProcessor(salesforceSyncRunJob)
export class SalesforceSyncRunner implements JobHandler<typeof salesforceSyncRunJob> {
  constructor(
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly syncs: SalesforceSyncRepository,
    private readonly locks: SalesforceSyncLockRepository,
    private readonly sessions: SalesforceSessions,
    private readonly budget: SalesforceApiBudget,
    private readonly puller: SalesforcePuller,
    private readonly pusher: SalesforcePusher,
    private readonly deletedReader: SalesforceDeletedReader,
    private readonly deleter: SalesforceDeleter,
  ) {}

  async handle(payload: JobPayload<typeof salesforceSyncRunJob>, context: JobContext): Promise<void> {
    const lock = await this.locks.tryLock(payload.connectionId);
    // Another process runs this connection now; the tick comes back for it.
    if (!lock) return;
    try {
      await this.run(payload.organisationId, payload.connectionId, payload.manual ?? false, context.signal);
    } finally {
      await lock.release();
    }
  }

  private async run(
    organisationId: string,
    connectionId: string,
    manual: boolean,
    signal: AbortSignal,
  ): Promise<void> {
    const connection = await this.syncs.connection(organisationId, connectionId);
    if (!connection?.is_sync_enabled || !connection.is_sync_active || !connection.setup_complete) return;
    const run = await this.syncs.openRun(organisationId, connectionId, manual);
    if (!run) return;
    const gate = new CallGate(this.budget, organisationId, connectionId, signal);
    try {
      const conn = await this.sessions.open(organisationId, connectionId);
      const mappings = await this.syncs.mappings(organisationId, connectionId);
      await this.puller.pull(conn, run, connection, mappings, gate);
      await this.deletedReader.read(conn, run, connection, gate);
      await this.pusher.push(conn, run, connection, mappings, gate);
      await this.deleter.delete(conn, run, gate);
      await this.syncs.addUsage(run.id, gate.calls, gate.deferred);
      await this.syncs.finish(run.id, connectionId, 'finished', null);
    } catch (error) {
      await this.syncs.addUsage(run.id, gate.calls, gate.deferred);
      // Shutting down: the run stays open and the next process goes on from the cursors.
      if (error instanceof RunStoppedError || signal.aborted) return;
      const message = describe(error);
      if (error instanceof SalesforceNotLoggedInError || isLoginError(error)) {
        await this.syncs.pauseForLogin(connectionId, new SalesforceNotLoggedInError().message);
      } else {
        this.logger.warn({ connectionId, runId: run.id, error: message }, 'Salesforce sync run failed');
      }
      await this.syncs.finish(run.id, connectionId, 'error', message);
    }
  }
}
