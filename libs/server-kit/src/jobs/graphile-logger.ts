import { Logger as WorkerLogger, type LogFunctionFactory } from 'graphile-worker';
import type { Logger } from 'pino';

/**
 * The worker library's log lines, routed to the service's pino logger. Only the
 * message and the scope go through: the library's meta objects hold whole jobs
 * (payloads with personal data), which never belong in a log line.
 */
export function graphileLogger(logger: Logger): WorkerLogger {
  const factory: LogFunctionFactory = (scope) => (level, message, meta) => {
    const fields = { worker_scope: scope.label, job_id: scope.jobId, job_task: scope.taskIdentifier };
    // Task failures and completions are logged by our task wrapper, with the job's correlation id.
    if (meta?.failure === true || message.startsWith('Completed task')) {
      logger.trace(fields, message);
      return;
    }
    switch (level as string) {
      case 'error':
        logger.error(fields, message);
        break;
      case 'warning':
        logger.warn(fields, message);
        break;
      case 'info':
        logger.debug(fields, message);
        break;
      default:
        logger.trace(fields, message);
    }
  };
  return new WorkerLogger(factory);
}
