import { DomainError } from '@meridian/server-kit';

/** SQLSTATE classes of a lost connection: 08 (connection exception), 57P (operator intervention: terminated, shut down). */
const LOST_CODE = /^(08|57P)/;
const LOST_MESSAGE =
  /Connection terminated|terminating connection|not queryable|ECONNRESET|ECONNREFUSED|EPIPE|Query runner already released/i;

/**
 * The service's own database connection was lost (a failover, a restart, a terminated backend),
 * not the customer's warehouse: the warehouse's errors reach the runner as domain errors already
 * (queryError, ConnectionTestError). A transaction whose connection died mid-way leaves its query
 * runner released, which the next statement meets. Such a loss pauses nothing; the run stays open
 * and the next tick goes on from its checkpoint.
 */
export function ownDatabaseLost(error: unknown): boolean {
  if (error instanceof DomainError || !(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return (typeof code === 'string' && LOST_CODE.test(code)) || LOST_MESSAGE.test(error.message);
}
