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
type Done = (release?: unknown) => void;
type ConnectCallback = (error: Error | undefined, client: PoolClient | undefined, done: Done) => void;

export function withReleaseOnce(pool: Pool): Pool {
  // pg's overloads (a promise without a callback, nothing with one) as one signature.
  const connect = pool.connect.bind(pool) as (callback?: ConnectCallback) => Promise<PoolClient> | undefined;
  pool.connect = ((callback?: ConnectCallback) => {
    if (!callback) return (connect() as Promise<PoolClient>).then(releaseOnce);
    void connect((error, client, done) => {
      if (!client) return callback(error, client, done);
      callback(error, releaseOnce(client), client.release as Done);
    });
    return undefined;
  }) as Pool['connect'];
  return pool;
}
