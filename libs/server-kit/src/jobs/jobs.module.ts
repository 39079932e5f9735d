import { type DynamicModule, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { Pool } from 'pg';
import type { Logger } from 'pino';
import { LOGGER } from '../logging/logger.module';
import { JobQueue } from './job-queue';
import { JobWorker } from './job-worker';
import {
  DEFAULT_CONCURRENCY,
  JOBS_OPTIONS,
  JOBS_POOL,
  type JobsModuleOptions,
  queueSchemaName,
} from './jobs.tokens';
import { withReleaseOnce } from './release-once';

/**
 * The service's job queue (graphile-worker) in its own schema `<schema>_jobs`.
 * Global: any feature injects `JobQueue`, and marks its handlers `@JobProcessor`.
 *
 *   JobsModule.forService({ schema: 'campaign', databaseUrl: config.DATABASE_URL, crontab: [...] })
 */
@Module({})
export class JobsModule {
  static forService(options: JobsModuleOptions): DynamicModule {
    const queueSchema = queueSchemaName(options.schema);
    return {
      module: JobsModule,
      global: true,
      imports: [DiscoveryModule],
      providers: [
        { provide: JOBS_OPTIONS, useValue: options },
        {
          provide: JOBS_POOL,
          inject: [LOGGER],
          useFactory: (logger: Logger) => {
            // Runner connections (concurrency + LISTEN + cron) plus room for enqueues outside a transaction.
            const pool = new Pool({
              connectionString: options.databaseUrl,
              max: (options.concurrency ?? DEFAULT_CONCURRENCY) + 4,
              // '-worker' when it also runs jobs: an operator (or a test) can tell the runner's apart.
              application_name: `meridian-${queueSchema}${options.worker === false ? '' : '-worker'}`,
            });
            // A connection the server drops (idle or checked out) must not take the process down;
            // pg discards it and the next query gets a fresh one.
            const lost = (error: Error) =>
              logger.warn({ err: error, queue_schema: queueSchema }, 'job queue connection lost');
            pool.on('error', lost);
            pool.on('connect', (client) => client.on('error', lost));
            return withReleaseOnce(pool);
          },
        },
        JobQueue,
        JobWorker,
      ],
      exports: [JobQueue],
    };
  }
}
