import { campaignRunChanged } from '@meridian/contracts';
import type { ChangedRun } from './runs.repository';

/** The campaignRunChanged events of runs whose state changed, for one publishMany. */
export function runChangedEvents(runs: readonly ChangedRun[], at = new Date()) {
  return runs.map((run) => ({
    definition: campaignRunChanged,
    payload: {
      organisation_id: run.organisation_id,
      campaign_id: run.campaign_id,
      campaign_name: run.campaign_name,
      run_id: run.id,
      run_time: new Date(run.slot_time).toISOString(),
      run_state: run.state,
      total_count: Number(run.total_count),
      occurred_at: at.toISOString(),
    },
  }));
}
