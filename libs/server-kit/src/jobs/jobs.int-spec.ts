import { randomUUID } from 'node:crypto';
import { createTestDatabase, eventually, type TestDatabase } from '@meridian/testing';
import { DataSource } from 'typeorm';
import { runWithCorrelation } from '../logging/logger';
import { JobQueue } from './job-queue';
import { JobsError } from './jobs.errors';
import { createJobsTestApp, flakyJob, type JobsTestApp, recordJob } from './testing/jobs-test-app';

describe(JobQueue.name, () => {
  let db: TestDatabase;
  let t: JobsTestApp;
  let dataSource: DataSource;
  let queue: JobQueue;

  beforeAll(async () => {
    db = await createTestDatabase('meridian_test', { empty: true });
    t = await createJobsTestApp(db.url, 'jobtest');
    dataSource = await new DataSource({ type: 'postgres', url: db.url }).initialize();
    queue = (await t.start()).get(JobQueue);
  });

  afterAll(async () => {
    await t?.close();
    await dataSource?.destroy();
    await db?.drop();
  });

  it('creates no job when the transaction that enqueued it rolls back', async () => {
    const marker = randomUUID();
    const rollback = new Error('rollback');
    await expect(
      dataSource.transaction(async (manager) => {
        await queue.enqueue(manager, recordJob, { marker }, { runAt: new Date(Date.now() + 60_000) });
        // Visible inside the transaction: the enqueue really went through this manager.
        const inside = await manager.query(
          `select 1 from ${t.queueSchema}._private_jobs where payload->'data'->>'marker' = $1`,
          [marker],
        );
        expect(inside).toHaveLength(1);
        throw rollback;
      }),
    ).rejects.toBe(rollback);

    expect(await t.queuedWith(marker)).toEqual([]);
  });

  it('runs a job enqueued in a committed transaction, in the correlation of whoever enqueued it', async () => {
    const marker = randomUUID();
    await runWithCorrelation('committed-correlation', () =>
      dataSource.transaction((manager) => queue.enqueue(manager, recordJob, { marker })),
    );

    const rows = await eventually(async () => (await t.runsOf(marker)).length > 0 && t.runsOf(marker), {
      what: 'the job to run',
    });
    expect(rows).toEqual([
      {
        task: 'test.record',
        marker,
        attempt: 1,
        correlation_id: 'committed-correlation',
        cron_backfilled: null,
      },
    ]);
    const done = await eventually(async () =>
      t.lines.find((l) => l.msg === 'job done' && l.correlation_id === 'committed-correlation'),
    );
    expect(done).toMatchObject({ job_task: 'test.record', attempt: 1 });
  });

  it('keeps running jobs after another service migrates its own queue schema in the same database', async () => {
    // graphile-worker announces its migrations database-wide; a second service's
    // first start must not leave this service without a worker.
    const other = await createJobsTestApp(db.url, `other_${randomUUID().slice(0, 8)}`, { logTable: false });
    try {
      await other.start({ worker: false });
      const marker = randomUUID();
      await queue.enqueue(undefined, recordJob, { marker });
      const rows = await eventually(async () => (await t.runsOf(marker)).length > 0 && t.runsOf(marker), {
        what: 'the job to run after the other schema migrated',
      });
      expect(rows).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it('retries a failing job with backoff and logs the failure, then the retry succeeds', async () => {
    const marker = randomUUID();
    const job = await runWithCorrelation('flaky-correlation', () =>
      queue.enqueue(undefined, flakyJob, { marker }),
    );

    const rows = await eventually(async () => (await t.runsOf(marker)).length > 0 && t.runsOf(marker), {
      what: 'the retry to succeed',
    });
    expect(rows).toEqual([
      { task: 'test.flaky', marker, attempt: 2, correlation_id: 'flaky-correlation', cron_backfilled: null },
    ]);
    const failures = t.lines.filter((l) => l.msg === 'job failed; will retry' && l.job_id === job.id);
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({
      level: 40,
      job_task: 'test.flaky',
      attempt: 1,
      correlation_id: 'flaky-correlation',
      err: expect.objectContaining({ message: 'first attempt fails' }),
    });
  });

  it('gives up after the last attempt, logging an error', async () => {
    const marker = randomUUID();
    const job = await queue.enqueue(undefined, flakyJob, { marker }, { maxAttempts: 1 });

    const failed = await eventually(async () =>
      t.lines.find((l) => l.job_id === job.id && l.msg === 'job failed; no attempts left'),
    );
    expect(failed).toMatchObject({ level: 50, job_task: 'test.flaky', max_attempts: 1 });
    const [row] = await eventually(async () => {
      const rows = await t.queuedWith(marker);
      return rows[0]?.last_error ? rows : undefined;
    });
    expect(row).toMatchObject({
      attempts: 1,
      max_attempts: 1,
      last_error: expect.stringContaining('first attempt fails'),
    });
    expect(await t.runsOf(marker)).toEqual([]);
  });

  it('fails a stored job whose payload no longer matches its schema once, keeping it for inspection', async () => {
    // A payload written before the schema changed: `marker` used to be a number.
    const added = await t.log.query<{ id: string }>(
      `select id::text from ${t.queueSchema}.add_job('test.record', $1::json)`,
      [JSON.stringify({ data: { marker: 42 }, meta: {} })],
    );
    const jobId = added.rows[0]!.id;

    const [failed] = await eventually(
      async () => {
        const rows = await t.queuedWith('42');
        return rows[0]?.last_error && rows[0].locked_at === null ? rows : undefined;
      },
      { what: 'the job to be marked failed' },
    );
    expect(failed).toMatchObject({
      attempts: 1,
      max_attempts: 1,
      last_error: expect.stringContaining('Invalid payload'),
    });
    expect(await t.runsOf('42')).toEqual([]);
    expect(
      t.lines.find(
        (l) => l.job_id === jobId && l.msg === 'job dropped: payload does not match the job schema',
      ),
    ).toMatchObject({ level: 50, fields: { marker: [expect.any(String)] } });
  });

  it('refuses to enqueue a payload that does not match the job schema', async () => {
    const marker = '';
    await expect(queue.enqueue(undefined, recordJob, { marker })).rejects.toMatchObject({
      constructor: JobsError,
      code: 'JobPayloadInvalid',
      fields: { marker: [expect.any(String)] },
    });
    expect(await t.queuedWith(marker)).toEqual([]);
  });

  it('cancels a pending job by its key', async () => {
    const marker = randomUUID();
    const jobKey = `cancel-${marker}`;
    await queue.enqueue(undefined, recordJob, { marker }, { jobKey, runAt: new Date(Date.now() + 60_000) });
    expect(await t.queuedWith(marker)).toHaveLength(1);

    expect(await queue.cancel(undefined, jobKey)).toBe(true);
    expect(await t.queuedWith(marker)).toEqual([]);
    expect(await queue.cancel(undefined, jobKey)).toBe(false);
  });

  it('keeps one pending job per key: enqueueing again replaces it', async () => {
    const jobKey = `debounce-${randomUUID()}`;
    const first = randomUUID();
    const second = randomUUID();
    await queue.enqueue(
      undefined,
      recordJob,
      { marker: first },
      { jobKey, runAt: new Date(Date.now() + 60_000) },
    );
    await queue.enqueue(
      undefined,
      recordJob,
      { marker: second },
      { jobKey, runAt: new Date(Date.now() + 60_000) },
    );
    expect(await t.queuedWith(first)).toEqual([]);
    expect(await t.queuedWith(second)).toHaveLength(1);
    await queue.cancel(undefined, jobKey);
  });
});
