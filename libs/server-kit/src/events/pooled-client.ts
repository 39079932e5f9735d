import type { Pool, PoolClient } from 'pg';
import type { Logger } from 'pino';

/**
 * Keeps a connection the server drops from ending the process, idle or checked out. pg emits
 * 'error' on a client whose socket closes, and the pool listens only while the client is idle: a
 * checked-out client cut between two queries (a terminated backend, a failover) would otherwise
 * throw an unhandled 'error'. The pool discards such a client when it comes back, since it is no
 * longer queryable.
 */
export function guardPool(pool: Pool, logger: Logger, what: string): Pool {
  const lost = (error: Error) => logger.warn({ err: error }, `${what}: database connection lost`);
  pool.on('error', lost);
  pool.on('connect', (client) => client.on('error', lost));
  return pool;
}

/**
 * Runs `work` on a client checked out of `pool`. A checked-out client has no error listener of
 * the pool's, so a connection cut while it waits between two queries (a terminated backend, a
 * database failover) would emit an unhandled 'error' and end the process. Here it is logged, and
 * the broken client is discarded instead of going back to the pool.
 */
export async function withPooledClient<T>(
  pool: Pool,
  logger: Logger,
  what: string,
  work: (client: PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  const onError = (error: Error) => {
    broken = error;
    logger.warn({ err: error }, `${what}: database connection lost`);
  };
  client.on('error', onError);
  try {
    return await work(client);
  } finally {
    client.removeListener('error', onError);
    client.release(broken);
  }
}
