import type { DataSource, QueryRunner } from 'typeorm';

export interface SessionLock {
  /** Gives the lock back; when its connection is already gone, so is the lock, and this does nothing. */
  release(): Promise<void>;
}

/** What TypeORM's Postgres runner offers beyond `QueryRunner`: a release that discards the connection. */
type DiscardableRunner = QueryRunner & { releasePostgresConnection?(error?: Error): Promise<void> };

/**
 * A Postgres session advisory lock on `key`, held on a connection of its own until `release()`:
 * one holder at a time across processes, and a process that dies (or whose connection is cut)
 * loses it with its connection. Null when another session holds it.
 *
 * A cut connection releases its runner on its own; giving the lock back then has nothing left
 * to do. When the unlock fails on a live connection, the connection is discarded rather than
 * returned to the pool still holding the lock.
 */
export async function trySessionLock(dataSource: DataSource, key: string): Promise<SessionLock | null> {
  const runner = dataSource.createQueryRunner() as DiscardableRunner;
  await runner.connect();
  try {
    const [row] = (await runner.query(`SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked`, [
      key,
    ])) as { locked: boolean }[];
    if (!row?.locked) {
      await runner.release();
      return null;
    }
  } catch (error) {
    if (!runner.isReleased) await runner.release();
    throw error;
  }
  return {
    release: async () => {
      if (runner.isReleased) return;
      try {
        await runner.query(`SELECT pg_advisory_unlock(hashtextextended($1, 0))`, [key]);
      } catch (error) {
        if (runner.isReleased) return;
        if (runner.releasePostgresConnection) return runner.releasePostgresConnection(error as Error);
        throw error;
      }
      await runner.release();
    },
  };
}
