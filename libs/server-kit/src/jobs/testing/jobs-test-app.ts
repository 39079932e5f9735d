// A test harness for the jobs module: a few job types whose handlers record each
// run in a table, and a factory of application contexts wired like a service.
import { Inject, type INestApplicationContext, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Pool } from 'pg';
import { z } from 'zod';
import { createLogger } from '../../logging/logger';
import { LoggerModule } from '../../logging/logger.module';
import { defineJob, type JobContext, type JobHandler, JobProcessor, jobTask } from '../job-definition';
import { JobsModule } from '../jobs.module';
import type { JobsModuleOptions } from '../jobs.tokens';

export const recordJob = defineJob('test.record', z.object({ marker: z.string().min(1) }));
/** Fails its first attempt, succeeds after. */
export const flakyJob = defineJob('test.flaky', z.object({ marker: z.string().min(1) }), { maxAttempts: 3 });
export const heartbeatJob = defineJob('test.heartbeat', z.object({ note: z.string() }));

export interface RunRow {
  task: string;
  marker: string;
  attempt: number;
  correlation_id: string;
  cron_backfilled: boolean | null;
}

export interface QueuedRow {
  attempts: number;
  max_attempts: number;
  last_error: string | null;
  locked_at: Date | null;
}

const JOB_LOG = Symbol('JOB_LOG');

async function record(pool: Pool, task: string, marker: string, context: JobContext): Promise<void> {
  await pool.query(
    'insert into job_log (task, marker, attempt, correlation_id, cron_backfilled) values ($1, $2, $3, $4, $5)',
    [task, marker, context.attempt, context.correlationId, context.cron?.backfilled ?? null],
  );
}

/** A feature's handler with an injected dependency, found by the worker through its decorator. */
@JobProcessor(recordJob)
class RecordProcessor implements JobHandler<typeof recordJob> {
  constructor(@Inject(JOB_LOG) private readonly log: Pool) {}

  async handle(payload: { marker: string }, context: JobContext): Promise<void> {
    await record(this.log, recordJob.name, payload.marker, context);
  }
}

export interface JobsTestApp {
  /** Connections to the test database, for setup and assertions. */
  log: Pool;
  /** Every log line of every context started, parsed. */
  lines: Record<string, unknown>[];
  queueSchema: string;
  start(options?: Partial<JobsModuleOptions>): Promise<INestApplicationContext>;
  runsOf(marker: string): Promise<RunRow[]>;
  queuedWith(marker: string): Promise<QueuedRow[]>;
  close(): Promise<void>;
}

export async function createJobsTestApp(
  databaseUrl: string,
  schema: string,
  options: { logTable?: boolean } = {},
): Promise<JobsTestApp> {
  const log = new Pool({ connectionString: databaseUrl, max: 4 });
  if (options.logTable !== false) {
    await log.query(
      `create table job_log (task text not null, marker text not null, attempt int not null,
         correlation_id text not null, cron_backfilled boolean)`,
    );
  }
  const lines: Record<string, unknown>[] = [];
  const contexts: INestApplicationContext[] = [];
  const queueSchema = `${schema}_jobs`;
  const tasks = [
    jobTask(flakyJob, async (payload, context) => {
      if (context.attempt === 1) throw new Error('first attempt fails');
      await record(log, flakyJob.name, payload.marker, context);
    }),
    jobTask(heartbeatJob, async (payload, context) => record(log, heartbeatJob.name, payload.note, context)),
  ];

  @Module({ providers: [RecordProcessor, { provide: JOB_LOG, useValue: log }] })
  class RecordFeatureModule {}

  return {
    log,
    lines,
    queueSchema,
    async start(options = {}) {
      const logger = createLogger('jobs-test', 'debug', {
        write: (line: string) => void lines.push(JSON.parse(line)),
      });
      const context = await NestFactory.createApplicationContext(
        {
          module: class JobsTestModule {},
          imports: [
            LoggerModule.forRoot(logger),
            JobsModule.forService({ schema, databaseUrl, tasks, pollIntervalMs: 200, ...options }),
            RecordFeatureModule,
          ],
        },
        { logger: false, abortOnError: false },
      );
      contexts.push(context);
      return context;
    },
    async runsOf(marker) {
      const sql =
        'select task, marker, attempt, correlation_id, cron_backfilled from job_log where marker = $1';
      return (await log.query<RunRow>(sql, [marker])).rows;
    },
    async queuedWith(marker) {
      const sql = `select attempts, max_attempts, last_error, locked_at from ${queueSchema}._private_jobs
                   where payload->'data'->>'marker' = $1`;
      return (await log.query<QueuedRow>(sql, [marker])).rows;
    },
    async close() {
      for (const context of contexts.reverse()) await context.close();
      await log.end();
    },
  };
}
