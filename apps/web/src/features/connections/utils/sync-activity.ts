import type { SyncRun } from '@meridian/contracts';

export interface ActivityDay {
  /** 'Nov 20' */
  day: string;
  synced: number;
  failed: number;
}

const dayKey = (date: Date) => date.toLocaleDateString('en-US', { month: 'short', day: 'numeric' });

/**
 * The Sync Activity chart's bars: records synced and failed per day over the last `days` days
 * (today included), oldest first, days without runs at zero.
 */
export function activityByDay(runs: SyncRun[], now: number, days: number): ActivityDay[] {
  const buckets = new Map<string, ActivityDay>();
  for (let back = days - 1; back >= 0; back--) {
    const day = dayKey(new Date(now - back * 24 * 3600 * 1000));
    buckets.set(day, { day, synced: 0, failed: 0 });
  }
  for (const run of runs) {
    const bucket = buckets.get(dayKey(new Date(run.time_sync_started)));
    if (!bucket) continue;
    bucket.synced += run.records_synced_count;
    bucket.failed += run.records_failed_count;
  }
  return [...buckets.values()];
}

/** Runs that ended in an error, newest first: the Sync Errors list. */
export function failedRuns(runs: SyncRun[]): SyncRun[] {
  return runs
    .filter((run) => run.error)
    .sort((a, b) => (b.error_time ?? b.time_sync_started).localeCompare(a.error_time ?? a.time_sync_started));
}
