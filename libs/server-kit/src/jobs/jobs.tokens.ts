import type { JobCronItem, JobTask } from './job-definition';

export interface JobsModuleOptions {
  /** The service's schema; the queue lives beside it in `<schema>_jobs`. */
  schema: string;
  databaseUrl: string;
  /** Plain tasks; providers marked `@JobProcessor` are found without being listed. */
  tasks?: JobTask[];
  crontab?: JobCronItem[];
  /** Jobs run at once by this process. Default 5. */
  concurrency?: number;
  /** `false` makes this process enqueue only (no runner, no cron). Default true. */
  worker?: boolean;
  /** How often the worker looks for jobs that became due; new jobs wake it at once. Default 2000. */
  pollIntervalMs?: number;
}

export const DEFAULT_CONCURRENCY = 5;

export const JOBS_OPTIONS = Symbol('JOBS_OPTIONS');
/** The pg pool of the queue: the runner, migrations and enqueues outside a transaction. */
export const JOBS_POOL = Symbol('JOBS_POOL');

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,50}$/;

export function queueSchemaName(schema: string): string {
  if (!SCHEMA_NAME.test(schema)) throw new Error(`Invalid schema name for the job queue: "${schema}"`);
  return `${schema}_jobs`;
}
