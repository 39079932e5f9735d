import { createTestDatabase, eventually, type TestDatabase } from '@meridian/testing';
import { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from './database.module';
import { trySessionLock } from './session-lock';

describe(trySessionLock.name, () => {
  let db: TestDatabase;
  let dataSource: DataSource;
  let admin: Pool;

  beforeAll(async () => {
    db = await createTestDatabase('meridian_test', { empty: true });
    dataSource = await new DataSource(
      dataSourceOptions({ url: db.url, schema: 'public', entities: [], migrations: [] }),
    ).initialize();
    admin = new Pool({ connectionString: db.url, max: 1 });
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await admin?.end();
    await db?.drop();
  });

  /** Sessions holding an advisory lock, other than the one asking. */
  const holders = async () =>
    (
      await admin.query<{ pid: number }>(
        `SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted AND pid <> pg_backend_pid()`,
      )
    ).rows.map((r) => r.pid);

  it('is held by one session at a time, and free again once released', async () => {
    const first = await trySessionLock(dataSource, 'sync:a');
    expect(first).not.toBeNull();
    expect(await trySessionLock(dataSource, 'sync:a')).toBeNull();
    const other = await trySessionLock(dataSource, 'sync:b');
    expect(other).not.toBeNull();
    await first!.release();
    await other!.release();
    expect(await holders()).toEqual([]);
    const again = await trySessionLock(dataSource, 'sync:a');
    expect(again).not.toBeNull();
    await again!.release();
  });

  it('gives nothing back, and throws nothing, when its connection was cut while held', async () => {
    const lock = await trySessionLock(dataSource, 'sync:cut');
    const [pid] = await holders();
    expect(pid).toEqual(expect.any(Number));
    await admin.query('SELECT pg_terminate_backend($1)', [pid]);
    await eventually(async () => (await holders()).length === 0, { what: 'the cut session to end' });
    await expect(lock!.release()).resolves.toBeUndefined();
    // The lock went with its session: the next run takes it, and the pool still works.
    const next = await trySessionLock(dataSource, 'sync:cut');
    expect(next).not.toBeNull();
    await next!.release();
    expect(await dataSource.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });
});
