import { readEnvelope, wrapPayload } from './job-envelope';

describe('job envelope', () => {
  it('round-trips data and the correlation id', () => {
    const stored = JSON.parse(JSON.stringify(wrapPayload({ runId: 'r1' }, 'corr-1'))) as unknown;
    expect(readEnvelope(stored)).toEqual({
      ok: true,
      data: { runId: 'r1' },
      correlationId: 'corr-1',
      cron: undefined,
    });
  });

  it('reads the cron stamp the worker adds to scheduled jobs', () => {
    const stored = {
      ...wrapPayload({}, undefined),
      _cron: { ts: '2030-01-01T00:00:00.000Z', backfilled: true },
    };
    expect(readEnvelope(stored)).toMatchObject({
      ok: true,
      cron: { ts: '2030-01-01T00:00:00.000Z', backfilled: true },
    });
  });

  it('refuses a payload that was not written as an envelope', () => {
    expect(readEnvelope({ runId: 'r1' })).toMatchObject({ ok: false });
    expect(readEnvelope(null)).toMatchObject({ ok: false });
    expect(readEnvelope('text')).toMatchObject({ ok: false });
  });
});
