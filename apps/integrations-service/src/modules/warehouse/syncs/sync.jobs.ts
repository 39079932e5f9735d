import { defineJob } from '@meridian/server-kit';
import { z } from 'zod';

/** One run of one sync (a run stopped midway goes on from its checkpoint). */
export const warehouseSyncRunJob = defineJob(
  'warehouse-sync.run',
  z.object({ organisationId: z.string().uuid(), syncId: z.string().uuid() }),
  // A failure pauses the sync (with its error) instead of retrying; a crash is picked up by the tick.
  { maxAttempts: 1 },
);

/** Every minute: enqueues the runs of syncs whose time has come. */
export const warehouseSyncTickJob = defineJob('warehouse-sync.tick', z.object({}), { maxAttempts: 1 });

/** At most one pending run per sync. */
export const syncRunJobKey = (syncId: string) => `warehouse-sync:${syncId}`;
