import { z } from 'zod';
import { cronItem, defineJob } from './job-definition';
import { retryDelaySeconds } from './job-execution';

describe('job definitions', () => {
  it('accepts dotted lowercase names and keeps the defaults', () => {
    const job = defineJob('campaign.send-batch', z.object({ runId: z.string() }), { maxAttempts: 5 });
    expect(job).toMatchObject({ name: 'campaign.send-batch', defaults: { maxAttempts: 5 } });
    expect(Object.isFrozen(job)).toBe(true);
  });

  it('refuses names the queue would show ambiguously', () => {
    for (const name of ['', 'Send', 'send batch', '.send', 'send.', 'a..b']) {
      expect(() => defineJob(name, z.object({}))).toThrow(/Job name/);
    }
  });

  it('builds a cron item for a job', () => {
    const job = defineJob('reports.rollup', z.object({ window: z.enum(['day', 'hour']) }));
    expect(cronItem(job, '0 * * * *', { payload: { window: 'hour' } })).toEqual({
      job,
      match: '0 * * * *',
      payload: { window: 'hour' },
    });
  });

  it('waits exponentially longer between retries, capped after the tenth', () => {
    expect([1, 2, 3, 10, 25].map(retryDelaySeconds)).toEqual([3, 7, 20, 22026, 22026]);
  });
});
