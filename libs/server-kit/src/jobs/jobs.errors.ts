import { DomainError } from '../errors/domain-error';

export type JobsErrorCode =
  /** A payload does not match its job's schema (at enqueue, or when a stored job runs). */
  | 'JobPayloadInvalid'
  /** Two handlers claim the same job name. */
  | 'JobTaskDuplicate'
  /** A cron item names a job no handler is registered for. */
  | 'JobTaskUnknown'
  /** Bad module options (schema name, concurrency). */
  | 'JobsConfigInvalid';

/**
 * Failures of the job machinery itself. They come from server code, never from a
 * user's input, hence a 500 should one ever reach an HTTP answer.
 */
export class JobsError extends DomainError {
  constructor(code: JobsErrorCode, description: string, fields: Record<string, string[]> = {}) {
    super(code, { description, fields, status: 500 });
  }
}
