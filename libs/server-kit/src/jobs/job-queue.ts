import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import type { EntityManager } from 'typeorm';
import type { Transaction } from '../database/transactions';
import { zodIssuesToFields } from '../errors/zod-fields';
import { currentCorrelationId } from '../logging/logger';
import type { JobDefinition, JobPayloadInput } from './job-definition';
import { wrapPayload } from './job-envelope';
import { JobsError } from './jobs.errors';
import { JOBS_OPTIONS, JOBS_POOL, type JobsModuleOptions, queueSchemaName } from './jobs.tokens';

export interface EnqueueOptions {
  /** Not before this time. Default: now. */
  runAt?: Date;
  /** At most one pending job per key: enqueueing again replaces it (see `jobKeyMode`). */
  jobKey?: string;
  /** `preserve_run_at` updates the job but keeps its time, e.g. to debounce. Default `replace`. */
  jobKeyMode?: 'replace' | 'preserve_run_at';
  /** Runs before giving up, counting the first. Default: the job's, else 25 (about three days of backoff). */
  maxAttempts?: number;
  /** Jobs of one named queue run one at a time, in order. */
  queueName?: string;
  /** Lower runs first. Default 0. */
  priority?: number;
}

export interface EnqueuedJob {
  id: string;
  runAt: Date;
}

/** The caller's transaction: a TypeORM manager, or the opaque `Transaction` services hold. */
export type JobTransaction = EntityManager | Transaction;

/** Anything that runs SQL: the caller's transaction or the queue's pool. */
type Executor = (sql: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

/**
 * Puts jobs on this service's queue. Given the caller's transaction (an EntityManager
 * or a `Transaction`), the job row is written in it: the job exists if and only if
 * the change that asked for it commits. `undefined` enqueues on its own.
 */
@Injectable()
export class JobQueue {
  private readonly queueSchema: string;

  constructor(
    @Inject(JOBS_OPTIONS) options: JobsModuleOptions,
    @Inject(JOBS_POOL) private readonly pool: Pool,
  ) {
    this.queueSchema = queueSchemaName(options.schema);
  }

  async enqueue<D extends JobDefinition>(
    manager: JobTransaction | undefined,
    job: D,
    payload: JobPayloadInput<D>,
    options: EnqueueOptions = {},
  ): Promise<EnqueuedJob> {
    // Validate now: a bad payload is a bug of the caller and should fail its request, not a job hours later.
    const checked = job.payload.safeParse(payload);
    if (!checked.success) {
      throw new JobsError(
        'JobPayloadInvalid',
        `Invalid payload for job ${job.name}`,
        zodIssuesToFields(checked.error.issues),
      );
    }
    const spec = { ...job.defaults, ...options };
    // A job enqueued outside any request or job still gets an id, so all its attempts share one.
    const envelope = wrapPayload(payload, currentCorrelationId() ?? randomUUID());
    const rows = await this.executor(manager)(
      `select id::text as id, run_at from "${this.queueSchema}".add_job(
         identifier => $1::text, payload => $2::json, queue_name => $3::text, run_at => $4::timestamptz,
         max_attempts => $5::int, job_key => $6::text, priority => $7::int, job_key_mode => $8::text)`,
      [
        job.name,
        JSON.stringify(envelope),
        spec.queueName ?? null,
        spec.runAt?.toISOString() ?? null,
        spec.maxAttempts ?? null,
        spec.jobKey ?? null,
        spec.priority ?? null,
        spec.jobKey ? (spec.jobKeyMode ?? 'replace') : null,
      ],
    );
    const row = rows[0]!;
    return { id: String(row.id), runAt: new Date(row.run_at as string | Date) };
  }

  /**
   * Removes the pending job of a key (a schedule switched off, say). A job already
   * running is not stopped; it is only kept from being retried. Returns whether a job was found.
   */
  async cancel(manager: JobTransaction | undefined, jobKey: string): Promise<boolean> {
    const rows = await this.executor(manager)(
      `select id from "${this.queueSchema}".remove_job($1::text) where id is not null`,
      [jobKey],
    );
    return rows.length > 0;
  }

  private executor(transaction: JobTransaction | undefined): Executor {
    // A Transaction is an EntityManager kept opaque to services; only this class opens it.
    const manager = transaction as EntityManager | undefined;
    if (manager) return (sql, params) => manager.query(sql, params);
    return async (sql, params) => (await this.pool.query(sql, params)).rows as Record<string, unknown>[];
  }
}
