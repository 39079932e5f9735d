// A service process for the restart test (run with libs/testing/src/register-ts.cjs):
// the jobs module with one task that records its runs. It reports `ready` over IPC
// once its worker runs, and shuts down gracefully on SIGTERM like a service does.
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Pool } from 'pg';
import { createLogger } from '../../logging/logger';
import { LoggerModule } from '../../logging/logger.module';
import { jobTask } from '../job-definition';
import { JobsModule } from '../jobs.module';
import { markRunJob, RUNS_TABLE } from './mark-run.job';

async function main(): Promise<void> {
  const databaseUrl = process.env.JOBS_FIXTURE_DATABASE_URL;
  const schema = process.env.JOBS_FIXTURE_SCHEMA;
  if (!databaseUrl || !schema)
    throw new Error('JOBS_FIXTURE_DATABASE_URL and JOBS_FIXTURE_SCHEMA are required');
  const runs = new Pool({ connectionString: databaseUrl, max: 2 });
  const markRun = jobTask(markRunJob, async (payload, context) => {
    await runs.query(
      `insert into ${RUNS_TABLE} (marker, pid, correlation_id, attempt) values ($1, $2, $3, $4)`,
      [payload.marker, process.pid, context.correlationId, context.attempt],
    );
  });
  const logger = createLogger('jobs-fixture', 'info');
  const app = await NestFactory.createApplicationContext(
    {
      module: class RestartFixtureModule {},
      imports: [
        LoggerModule.forRoot(logger),
        JobsModule.forService({ schema, databaseUrl, tasks: [markRun], concurrency: 2, pollIntervalMs: 250 }),
      ],
    },
    { logger: false, abortOnError: false },
  );
  app.enableShutdownHooks();
  process.send?.({ ready: true });
}

main().catch((error: unknown) => {
  process.stderr.write(`restart fixture failed: ${String(error)}\n`);
  process.exit(1);
});
