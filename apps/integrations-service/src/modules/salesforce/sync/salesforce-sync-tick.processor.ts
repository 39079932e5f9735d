import { type JobHandler, JobProcessor, JobQueue } from '@meridian/server-kit';
import { SalesforceSyncRepository } from './salesforce-sync.repository';
import { salesforceSyncJobKey, salesforceSyncRunJob, salesforceSyncTickJob } from './salesforce-sync.jobs';

/** Connections looked at per tick; the rest wait a minute. */
const DUE_PER_TICK = 500;

/**
 * Every minute: a run for each connection whose time has come (and each run a stopped process
 * left open). The job key keeps one pending run per connection; the run's lock keeps one running.
 */
@JobProcessor(salesforceSyncTickJob)
export class SalesforceSyncTickProcessor implements JobHandler<typeof salesforceSyncTickJob> {
  constructor(
    private readonly syncs: SalesforceSyncRepository,
    private readonly jobs: JobQueue,
  ) {}

  async handle(): Promise<void> {
    for (const connection of await this.syncs.due(DUE_PER_TICK)) {
      await this.jobs.enqueue(
        undefined,
        salesforceSyncRunJob,
        { organisationId: connection.organisation_id, connectionId: connection.id },
        { jobKey: salesforceSyncJobKey(connection.id), jobKeyMode: 'preserve_run_at' },
      );
    }
  }
}
