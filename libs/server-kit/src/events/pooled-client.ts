import type { Pool, PoolClient } from 'pg';
import type { Logger } from 'pino';

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
