import { createTestDatabase, type TestDatabase } from '@meridian/testing';
import { Pool, type PoolClient } from 'pg';
import { withReleaseOnce } from './release-once';

describe(withReleaseOnce.name, () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase('meridian_test', { empty: true });
  });

  afterAll(async () => {
    await db?.drop();
  });

  it('shows the double release it guards against: a plain pool throws on the second', async () => {
    const pool = new Pool({ connectionString: db.url, max: 1 });
    try {
      const client = await pool.connect();
      client.release();
      expect(() => client.release()).toThrow('Release called on client which has already been released');
    } finally {
      await pool.end();
    }
  });

  it('ignores a second release of one checkout, through the callback and the promise forms, and the pool goes on', async () => {
    const pool = withReleaseOnce(new Pool({ connectionString: db.url, max: 1 }));
    try {
      const viaCallback = await new Promise<{ client: PoolClient; done: (release?: unknown) => void }>(
        (resolve, reject) =>
          void pool.connect((error, client, done) =>
            error || !client ? reject(error) : resolve({ client, done: done as (release?: unknown) => void }),
          ),
      );
      viaCallback.done();
      expect(() => viaCallback.done()).not.toThrow();
      expect(() => viaCallback.client.release()).not.toThrow();

      const viaPromise = await pool.connect();
      viaPromise.release(new Error('the connection was cut'));
      expect(() => viaPromise.release()).not.toThrow();

      // One connection at most: had a release been lost or counted twice, these would wait or fail.
      for (let i = 0; i < 3; i++)
        expect((await pool.query<{ n: number }>('select 1 as n')).rows).toEqual([{ n: 1 }]);
      expect(pool.totalCount).toBeLessThanOrEqual(1);
    } finally {
      await pool.end();
    }
  });
});
