import { createTestDatabase, eventually, type TestDatabase } from '@meridian/testing';
import { z } from 'zod';
import { cronItem, defineJob, jobTask } from './job-definition';
import { JobsModule } from './jobs.module';
import { createJobsTestApp, heartbeatJob, type JobsTestApp, recordJob } from './testing/jobs-test-app';

describe(JobsModule.name, () => {
  let db: TestDatabase;
  let t: JobsTestApp;

  beforeAll(async () => {
    db = await createTestDatabase('meridian_test', { empty: true });
    t = await createJobsTestApp(db.url, 'jobwiring');
  });

  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  describe('cron', () => {
    const identifier = 'test-heartbeat';
    const crontab = [
      cronItem(heartbeatJob, '* * * * *', {
        identifier,
        payload: { note: 'beat' },
        backfillPeriodMs: 60_000,
      }),
    ];

    it('registers its cron items, and after downtime schedules the missed run on start', async () => {
      const first = await t.start({ crontab });
      const known = await eventually(async () => {
        const { rows } = await t.log.query(
          `select identifier from ${t.queueSchema}._private_known_crontabs where identifier = $1`,
          [identifier],
        );
        return rows.length > 0 && rows;
      });
      expect(known).toEqual([{ identifier }]);
      await first.close();

      // As if the schedule had been known for an hour while no worker ran: the last minute is owed.
      await t.log.query(
        `update ${t.queueSchema}._private_known_crontabs set known_since = now() - interval '1 hour', last_execution = null`,
      );
      await t.start({ crontab });

      const beats = await eventually(
        async () => {
          const rows = await t.runsOf('beat');
          return rows.some((r) => r.cron_backfilled === true) && rows;
        },
        { what: 'the backfilled cron run' },
      );
      expect(beats.filter((r) => r.cron_backfilled === true)).toEqual([
        expect.objectContaining({ task: 'test.heartbeat', attempt: 1, correlation_id: expect.any(String) }),
      ]);
    });

    it('refuses a cron item for a job without a handler', async () => {
      const orphan = defineJob('test.orphan', z.object({}));
      await expect(t.start({ crontab: [cronItem(orphan, '0 * * * *')] })).rejects.toMatchObject({
        code: 'JobTaskUnknown',
      });
    });
  });

  it('refuses two handlers for one job name', async () => {
    const again = jobTask(recordJob, async () => undefined);
    await expect(t.start({ tasks: [again] })).rejects.toMatchObject({ code: 'JobTaskDuplicate' });
  });
});
