import type { Pool, PoolClient } from 'pg';

function releaseOnce(client: PoolClient): PoolClient {
  const release = client.release.bind(client);
  let released = false;
  client.release = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    release(error);
  };
  return client;
}

/**
 * Makes a second release of one checkout of `pool` do nothing instead of throwing.
 *
 * graphile-worker 0.17 can release its LISTEN client twice when that connection is cut (found by
 * the fault tier: terminated connections, then 'Release called on client which has already been
 * released to the pool' thrown from its listener's error path, where no handler catches it, and
 * the worker process exited). The second release of a client already back in the pool has
 * nothing left to do.
 */
export function withReleaseOnce(pool: Pool): Pool {
  const connect = pool.connect.bind(pool) as (
    callback?: (
      error: Error | undefined,
      client: PoolClient | undefined,
      done: (release?: unknown) => void,
    ) => void,
  ) => Promise<PoolClient> | undefined;
  pool.connect = ((
    callback?: (
      error: Error | undefined,
      client: PoolClient | undefined,
      done: (release?: unknown) => void,
    ) => void,
  ) => {
    if (!callback) return (connect() as Promise<PoolClient>).then(releaseOnce);
    void connect((error, client, done) => {
      if (!client) return callback(error, client, done);
      releaseOnce(client);
      callback(error, client, client.release as (release?: unknown) => void);
    });
    return undefined;
  }) as Pool['connect'];
  return pool;
}
