import { z } from 'zod';
import { defineJob } from '../job-definition';

/** The job of the restart test: each run leaves a row, so runs can be counted. */
export const markRunJob = defineJob('test.mark-run', z.object({ marker: z.string().min(1) }));

export const RUNS_TABLE = 'job_runs';

export const CREATE_RUNS_TABLE = `create table if not exists ${RUNS_TABLE} (
  marker text not null,
  pid int not null,
  correlation_id text not null,
  attempt int not null,
  ran_at timestamptz not null default now()
)`;
