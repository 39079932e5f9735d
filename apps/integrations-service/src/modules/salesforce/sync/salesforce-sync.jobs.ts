import { defineJob, type JobQueue, type JobTransaction } from '@meridian/server-kit';
import { z } from 'zod';

/** One run of one Salesforce connection (a run stopped midway goes on from its cursors). */
export const salesforceSyncRunJob = defineJob(
  'salesforce-sync.run',
  z.object({
    organisationId: z.string().uuid(),
    connectionId: z.string().uuid(),
    /** Run now even if the next run is not due yet (sync.start, a test); the tick leaves it out. */
    manual: z.boolean().optional(),
  }),
  // A failure ends the run with its error; the next one is scheduled, a crash is picked up by the tick.
  { maxAttempts: 1 },
);

/** Every minute: enqueues the runs of connections whose time has come. */
export const salesforceSyncTickJob = defineJob('salesforce-sync.tick', z.object({}), { maxAttempts: 1 });

/** At most one pending run per connection. */
export const salesforceSyncJobKey = (connectionId: string) => `salesforce-sync:${connectionId}`;

/**
 * A run as soon as a worker is free, written in the transaction that made the connection due
 * (a sync started or resumed, setup completed, records to pull again): nobody waits for the
 * minute's tick. It replaces a pending run of the connection; the run's lock keeps one running.
 */
export function enqueueSalesforceRunNow(
  jobs: JobQueue,
  tx: JobTransaction | undefined,
  organisationId: string,
  connectionId: string,
) {
  return jobs.enqueue(
    tx,
    salesforceSyncRunJob,
    { organisationId, connectionId },
    { jobKey: salesforceSyncJobKey(connectionId) },
  );
}
