import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import { EventEmitter } from 'node:events';
import { DiscoveryService } from '@nestjs/core';
import {
  type ParsedCronItem,
  parseCronItems,
  run,
  runMigrations,
  type Runner,
  type TaskList,
  type WorkerEvents,
} from 'graphile-worker';
import type { Pool } from 'pg';
import type { Logger } from 'pino';
import { zodIssuesToFields } from '../errors/zod-fields';
import { LOGGER } from '../logging/logger.module';
import { type JobHandler, type JobDefinition, JobProcessorMarker, type JobTask } from './job-definition';
import { wrapPayload } from './job-envelope';
import { toWorkerTask } from './job-execution';
import { graphileLogger } from './graphile-logger';
import { JobsError } from './jobs.errors';
import {
  DEFAULT_CONCURRENCY,
  JOBS_OPTIONS,
  JOBS_POOL,
  type JobsModuleOptions,
  queueSchemaName,
} from './jobs.tokens';

/**
 * Owns the queue's lifecycle in a service: installs or upgrades the queue schema
 * when the module starts (so enqueueing works from the first request), starts the
 * runner once every module is ready, and on shutdown lets running jobs finish
 * before the pool closes. Jobs not yet due stay in the table for the next start.
 */
/** How long a runner that stopped itself gets to finish, then again after it is killed. */
const STOP_WATCHDOG_MS = 10_000;

@Injectable()
export class JobWorker
  implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy, OnApplicationShutdown
{
  private readonly queueSchema: string;
  private runner: Runner | undefined;
  private poolClosed = false;
  private taskList: TaskList = {};
  private taskNames: string[] = [];
  private parsedCronItems: ParsedCronItem[] = [];
  /** The pool and worker ids of each runner, to free the jobs a runner stopped on an error still locks. */
  private readonly workerIds = new WeakMap<Runner, string[]>();
  /** Runners already handed to a restart: a late settle of one forced aside must not start a second. */
  private readonly restarted = new WeakSet<Runner>();

  constructor(
    @Inject(JOBS_OPTIONS) private readonly options: JobsModuleOptions,
    @Inject(JOBS_POOL) private readonly pool: Pool,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly discovery: DiscoveryService,
  ) {
    this.queueSchema = queueSchemaName(options.schema);
  }

  async onModuleInit(): Promise<void> {
    // Every provider exists by now; checking handlers and cron items before touching
    // the database makes a wiring mistake fail the boot with nothing left open.
    const concurrency = this.options.concurrency ?? DEFAULT_CONCURRENCY;
    if (!Number.isInteger(concurrency) || concurrency < 1) {
      throw new JobsError(
        'JobsConfigInvalid',
        `Job concurrency must be a positive integer, got ${concurrency}`,
      );
    }
    const tasks = this.collectTasks();
    this.parsedCronItems = this.cronItems(tasks);
    this.taskNames = [...tasks.keys()];
    for (const task of tasks.values())
      this.taskList[task.definition.name] = toWorkerTask(task, this.queueSchema, this.logger);
    await runMigrations({ pgPool: this.pool, schema: this.queueSchema, logger: graphileLogger(this.logger) });
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.options.worker === false) return;
    await this.startRunner();
    this.logger.info(
      {
        queue_schema: this.queueSchema,
        tasks: this.taskNames,
        cron_items: this.parsedCronItems.length,
        concurrency: this.options.concurrency ?? DEFAULT_CONCURRENCY,
      },
      'job worker started',
    );
  }

  private async startRunner(): Promise<void> {
    // Given before the run starts, so no pool or worker is created unseen.
    const events: WorkerEvents = new EventEmitter();
    const ids: string[] = [];
    // Jobs are locked by the pool's id (a worker's own id in older releases): remember both.
    events.on('pool:create', ({ workerPool }) => ids.push(workerPool.id));
    events.on('worker:create', ({ worker }) => ids.push(worker.workerId));
    const watched: { runner?: Runner; settled: boolean } = { settled: false };
    // A pool that stops itself (a completion lost with its connection) waits for its running jobs;
    // one of those can wait forever on the connection that was cut, and the runner never settles.
    // Past the watchdog it is killed and, if even that hangs, set aside and replaced.
    events.on('pool:gracefulShutdown', () => {
      // A stop asked for by onModuleDestroy has cleared this.runner first: nothing to watch.
      const runner = watched.runner;
      if (!runner || this.runner !== runner) return;
      // Kept referenced: in a process with nothing else to do, the restart is what keeps it alive.
      setTimeout(() => {
        if (watched.settled || this.runner !== runner) return;
        this.logger.warn({ queue_schema: this.queueSchema }, 'job worker did not stop in time; killing it');
        runner.kill('stopped on an error and did not finish').catch(() => undefined);
        setTimeout(() => {
          if (!watched.settled && this.runner === runner) this.restartIfUnexpected(runner);
        }, STOP_WATCHDOG_MS);
      }, STOP_WATCHDOG_MS);
    });
    const runner = await run({
      events,
      pgPool: this.pool,
      schema: this.queueSchema,
      taskList: this.taskList,
      parsedCronItems: this.parsedCronItems,
      concurrency: this.options.concurrency ?? DEFAULT_CONCURRENCY,
      pollInterval: this.options.pollIntervalMs ?? 2000,
      // Nest owns the signals and calls our shutdown hooks; a second handler would race it.
      noHandleSignals: true,
      logger: graphileLogger(this.logger),
      // Completions and failures recorded through the batcher, whose errors reach a handler: sent
      // directly, a job finishing on a connection the server just cut rejects with nobody to catch
      // it, and the unhandled rejection ends the process. Through the batcher the pool stops and
      // is restarted below instead.
      preset: { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } },
    });
    this.workerIds.set(runner, ids);
    this.runner = runner;
    watched.runner = runner;
    runner.promise.then(
      () => {
        watched.settled = true;
        this.restartIfUnexpected(runner);
      },
      (error: unknown) => {
        watched.settled = true;
        this.logger.fatal({ err: error }, 'job worker stopped on an error; restarting it');
        this.restartIfUnexpected(runner);
      },
    );
  }

  /**
   * graphile-worker's migration notice is database-wide, not per schema: when
   * another service first migrates its own `<schema>_jobs`, this runner stops
   * itself (and sets exit code 57). Our schema is unaffected, so start again.
   */
  private restartIfUnexpected(runner: Runner): void {
    if (this.runner !== runner) return; // stopped on purpose
    if (this.restarted.has(runner)) return;
    this.restarted.add(runner);
    if (process.exitCode === 57) process.exitCode = undefined;
    this.logger.warn({ queue_schema: this.queueSchema }, 'job worker stopped unexpectedly; restarting it');
    setTimeout(() => {
      if (this.runner !== runner) return;
      this.unlockJobsOf(runner)
        .then(() => (this.runner === runner ? this.startRunner() : undefined))
        .catch((error: unknown) => {
          this.logger.fatal({ err: error }, 'job worker could not restart; trying again');
          this.restarted.delete(runner);
          this.restartIfUnexpected(runner);
        });
    }, 500);
  }

  /**
   * A runner stopped because recording a job's outcome failed (its connection was cut) leaves
   * that job locked for hours. Its workers are all gone now, so their jobs are freed to run
   * again at once (a job is run at least once; handlers are idempotent).
   */
  private async unlockJobsOf(runner: Runner): Promise<void> {
    const ids = this.workerIds.get(runner) ?? [];
    if (ids.length === 0) return;
    await this.pool.query(`select "${this.queueSchema}".force_unlock_workers($1::text[])`, [ids]);
  }

  async onModuleDestroy(): Promise<void> {
    // Before the database module closes its connections: running handlers may still need them.
    const runner = this.runner;
    this.runner = undefined;
    if (!runner) return;
    await runner.stop();
    this.logger.info({ queue_schema: this.queueSchema }, 'job worker stopped');
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.poolClosed) return;
    this.poolClosed = true;
    await this.pool.end();
  }

  /** Tasks of the options plus every provider marked `@JobProcessor`; one handler per job name. */
  private collectTasks(): Map<string, JobTask> {
    const tasks = new Map<string, JobTask>();
    const add = (task: JobTask) => {
      const existing = tasks.get(task.definition.name);
      if (existing && existing !== task) {
        throw new JobsError('JobTaskDuplicate', `Two handlers for job ${task.definition.name}`);
      }
      tasks.set(task.definition.name, task);
    };
    for (const task of this.options.tasks ?? []) add(task);
    const seen = new Set<unknown>();
    for (const wrapper of this.discovery.getProviders({ metadataKey: JobProcessorMarker.KEY })) {
      const instance = wrapper.instance as JobHandler<JobDefinition> | undefined;
      // The same class listed by two modules is one handler, not a duplicate.
      if (!instance || seen.has(instance)) continue;
      seen.add(instance);
      const definition = this.discovery.getMetadataByDecorator(JobProcessorMarker, wrapper);
      if (!definition) continue;
      add({ definition, handle: (payload, context) => instance.handle(payload, context) });
    }
    return tasks;
  }

  private cronItems(tasks: Map<string, JobTask>): ParsedCronItem[] {
    const items = (this.options.crontab ?? []).map((item) => {
      if (!tasks.has(item.job.name)) {
        throw new JobsError('JobTaskUnknown', `Cron item for job ${item.job.name}, which has no handler`);
      }
      const checked = item.job.payload.safeParse(item.payload ?? {});
      if (!checked.success) {
        throw new JobsError(
          'JobPayloadInvalid',
          `Invalid cron payload for job ${item.job.name}`,
          zodIssuesToFields(checked.error.issues),
        );
      }
      const defaults = item.job.defaults;
      return {
        task: item.job.name,
        match: item.match,
        identifier: item.identifier ?? item.job.name,
        payload: { ...wrapPayload(item.payload ?? {}, undefined) },
        options: {
          backfillPeriod: item.backfillPeriodMs ?? 0,
          maxAttempts: item.maxAttempts ?? defaults.maxAttempts,
          queueName: item.queueName ?? defaults.queueName,
          priority: item.priority ?? defaults.priority,
          jobKey: item.jobKey,
        },
      };
    });
    return parseCronItems(items);
  }
}
