import type { JobHelpers, Task } from 'graphile-worker';
import type { Logger } from 'pino';
import { zodIssuesToFields } from '../errors/zod-fields';
import { currentCorrelationId, runWithCorrelation } from '../logging/logger';
import type { JobContext, JobTask } from './job-definition';
import { readEnvelope } from './job-envelope';
import { JobsError } from './jobs.errors';

/** The worker library's retry delay after the n-th failed attempt: exp(min(n, 10)) seconds. */
export function retryDelaySeconds(attempt: number): number {
  return Math.round(Math.exp(Math.min(attempt, 10)));
}

/**
 * Turns one of our tasks into a worker task: unwraps the envelope, restores the
 * correlation id of whoever enqueued the job, validates the payload, logs the
 * outcome. A thrown error makes the library retry with exponential backoff
 * until the job's attempts run out.
 */
export function toWorkerTask(task: JobTask, queueSchema: string, logger: Logger): Task {
  const { definition } = task;
  return async (raw: unknown, helpers: JobHelpers) => {
    const { job } = helpers;
    const envelope = readEnvelope(raw);
    const correlationId = envelope.ok ? envelope.correlationId : undefined;
    await runWithCorrelation(correlationId, async () => {
      const log = logger.child({ job_task: definition.name, job_id: job.id, attempt: job.attempts });
      const payload = envelope.ok ? definition.payload.safeParse(envelope.data) : undefined;
      if (!envelope.ok || !payload?.success) {
        const fields = payload && !payload.success ? zodIssuesToFields(payload.error.issues) : {};
        const reason = envelope.ok ? 'payload does not match the job schema' : envelope.reason;
        log.error({ fields }, `job dropped: ${reason}`);
        // Retrying cannot fix a stored payload; keep the row as a failed job for inspection instead.
        await helpers.query(
          `update "${queueSchema}"._private_jobs set max_attempts = attempts where id = $1`,
          [job.id],
        );
        throw new JobsError(
          'JobPayloadInvalid',
          `Invalid payload for job ${definition.name}: ${reason}`,
          fields,
        );
      }
      const context: JobContext = {
        jobId: job.id,
        attempt: job.attempts,
        maxAttempts: job.max_attempts,
        correlationId: currentCorrelationId()!,
        logger: log,
        signal: helpers.abortSignal,
        ...(envelope.cron ? { cron: envelope.cron } : {}),
      };
      const started = Date.now();
      try {
        await task.handle(payload.data, context);
      } catch (error) {
        const final = job.attempts >= job.max_attempts;
        if (final) {
          log.error({ err: error, max_attempts: job.max_attempts }, 'job failed; no attempts left');
        } else {
          log.warn({ err: error, retry_in_s: retryDelaySeconds(job.attempts) }, 'job failed; will retry');
        }
        throw error;
      }
      log.debug({ ms: Date.now() - started }, 'job done');
    });
  };
}
