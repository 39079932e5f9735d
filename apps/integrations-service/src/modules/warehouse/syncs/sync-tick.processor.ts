import { type JobHandler, JobProcessor, JobQueue } from '@meridian/server-kit';
import { syncRunJobKey, warehouseSyncRunJob, warehouseSyncTickJob } from './sync.jobs';
import { WarehouseSyncsRepository } from './warehouse-syncs.repository';

/** Syncs looked at per tick; the rest wait a minute. */
const DUE_PER_TICK = 500;

/**
 * Every minute: a run for each sync whose time has come (and for each run a stopped process left
 * open, whose next run time was never moved on). The job key keeps one pending run per sync.
 */
@JobProcessor(warehouseSyncTickJob)
export class SyncTickProcessor implements JobHandler<typeof warehouseSyncTickJob> {
  constructor(
    private readonly syncs: WarehouseSyncsRepository,
    private readonly jobs: JobQueue,
  ) {}

  async handle(): Promise<void> {
    for (const sync of await this.syncs.due(DUE_PER_TICK)) {
      await this.jobs.enqueue(
        undefined,
        warehouseSyncRunJob,
        { organisationId: sync.organisation_id, syncId: sync.id },
        { jobKey: syncRunJobKey(sync.id), jobKeyMode: 'preserve_run_at' },
      );
    }
  }
}
