import { defineJob, type JobQueue, type Transaction } from '@meridian/server-kit';
import { z } from 'zod';

/** The campaign engine's jobs. Each covers a campaign, a run or a batch of persons, never one person. */

/** Every minute (and on publish, for that campaign): start the runs whose slot is due. */
export const scheduleTickJob = defineJob(
  'campaign.schedule-tick',
  z.object({ campaignId: z.string().optional() }),
  { maxAttempts: 3 },
);

/** Takes a run's audience snapshot and starts its batches; keyed by run, so it starts once. */
export const runStartJob = defineJob('campaign.run-start', z.object({ runId: z.string() }), {
  maxAttempts: 10,
});

/** Walks a run's active persons through the flow, a batch at a time, until none is left to take. */
export const runBatchJob = defineJob(
  'campaign.run-batch',
  z.object({ runId: z.string(), lane: z.number().int().min(0) }),
  { maxAttempts: 25 },
);

/** Every minute: wakes persons whose delay is over and resumes runs with persons left to walk. */
export const wakeDueJob = defineJob('campaign.wake-due', z.object({}), { maxAttempts: 3 });

/** The jobs that take turns round the organisations for the job slots (see RunsRepository.takeTurn). */
export const TURN_TASKS = [runStartJob.name, runBatchJob.name];

/** Batch jobs per run: several workers (and replicas) share a run, each claiming its own persons. */
export const RUN_LANES = 4;

export const runStartKey = (runId: string) => `campaign-run-start:${runId}`;
export const runLaneKey = (runId: string, lane: number) => `campaign-run:${runId}:${lane}`;

/** Puts a run's batch jobs on the queue, in the caller's transaction (a lane already waiting keeps its place). */
export async function enqueueRunLanes(jobs: JobQueue, tx: Transaction, runId: string): Promise<void> {
  for (let lane = 0; lane < RUN_LANES; lane++)
    await jobs.enqueue(
      tx,
      runBatchJob,
      { runId, lane },
      { jobKey: runLaneKey(runId, lane), jobKeyMode: 'preserve_run_at' },
    );
}
