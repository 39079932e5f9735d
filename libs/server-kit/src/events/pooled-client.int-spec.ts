import { Writable } from 'node:stream';
import { createTestDatabase, eventually, type TestDatabase } from '@meridian/testing';
import { Pool, type PoolClient } from 'pg';
import pino from 'pino';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../database/database.module';
import { guardPool } from './pooled-client';

/**
 * The fault tier terminated a worker's connections while one was checked out and idle between two
 * queries; the socket's close emitted 'error' with nobody listening and the process exited.
 */
describe('pool clients cut while checked out', () => {
  let db: TestDatabase;
  let admin: Pool;
  const warnings: string[] = [];
  const logger = pino(
    { level: 'warn' },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        warnings.push(String(JSON.parse(chunk.toString()).msg));
        done();
      },
    }),
  );

  beforeAll(async () => {
    db = await createTestDatabase('meridian_pool_guard', { empty: true });
    admin = new Pool({ connectionString: db.url, max: 1 });
    // pg-pool's end() resolves before its idle client's backend has gone; the drop's FORCE may then
    // terminate that backend, whose FATAL reaches the ended pool: nothing to do with the tests.
    admin.on('error', () => undefined);
  });

  afterAll(async () => {
    await admin.end();
    await db.drop();
  });

  const terminate = async (client: PoolClient) => {
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    await admin.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
    await eventually(async () => (client as unknown as { _ended: boolean })._ended, {
      what: 'the terminated connection to close',
    });
  };

  it('keeps the process up when a checked-out connection is cut, and the pool recovers', async () => {
    const pool = guardPool(new Pool({ connectionString: db.url, max: 1 }), logger, 'guarded');
    const client = await pool.connect();
    // An uncaught 'error' here would fail the test run.
    await terminate(client);
    expect(warnings).toContain('guarded: database connection lost');
    client.release();
    const { rows } = await pool.query<{ one: number }>('SELECT 1 AS one');
    expect(rows[0]!.one).toBe(1);
    await pool.end();
  });

  it("keeps the process up when a client of the service's TypeORM pool is cut while checked out", async () => {
    const dataSource = await new DataSource(
      dataSourceOptions({ url: db.url, schema: 'public', entities: [], migrations: [] }),
    ).initialize();
    const pool = (dataSource.driver as unknown as { master: Pool }).master;
    const client = await pool.connect();
    await terminate(client);
    client.release();
    expect(await dataSource.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    await dataSource.destroy();
  });
});
