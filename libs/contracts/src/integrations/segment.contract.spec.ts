import {
  segmentBatchSchema,
  segmentCallSchema,
  segmentErrorsListContract,
  segmentEventsReportContract,
  segmentMessages,
} from './segment.contract';

describe('segment contract', () => {
  it('accepts the calls analytics-node sends, numeric ids read as strings', () => {
    const call = segmentCallSchema.parse({
      type: 'track',
      event: 'Signed Up',
      userId: 42,
      messageId: 'm-1',
      properties: { plan: 'pro' },
      _metadata: { nodeVersion: '22' },
    });
    expect(call).toMatchObject({ type: 'track', userId: '42', event: 'Signed Up' });
  });

  it('refuses a track call without an event name with the Segment message', () => {
    const result = segmentCallSchema.safeParse({ type: 'track', userId: 'u1', event: ' ' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(segmentMessages.missingEventName);
  });

  it('refuses an alias without previousId and a group without groupId', () => {
    expect(segmentCallSchema.safeParse({ type: 'alias', userId: 'u1' }).success).toBe(false);
    expect(segmentCallSchema.safeParse({ type: 'group', userId: 'u1', groupId: '' }).success).toBe(false);
  });

  it('needs batch to be an array', () => {
    const result = segmentBatchSchema.safeParse({ batch: {} });
    expect(result.error?.issues[0]?.message).toBe(segmentMessages.batchNotArray);
  });

  it('allows 24 hours or 30/60/90 days only', () => {
    const parse = (b: object) => segmentEventsReportContract.request.safeParse(b);
    expect(parse({ time_unit: 'hour', time_range: 24, tz_offset: 120 }).success).toBe(true);
    expect(parse({ time_unit: 'day', time_range: 60 }).success).toBe(true);
    const bad = parse({ time_unit: 'day', time_range: 24 });
    expect(bad.error?.issues[0]?.message).toBe(segmentMessages.timeRangeInvalid);
  });

  it('pages errors by 10 by default and wants the window in order', () => {
    expect(segmentErrorsListContract.request.parse({})).toMatchObject({ page_size: 10, page_number: 1 });
    const bad = segmentErrorsListContract.request.safeParse({
      start_time: '2026-01-02T00:00:00Z',
      end_time: '2026-01-01T00:00:00Z',
    });
    expect(bad.error?.issues[0]?.message).toBe(segmentMessages.rangeInvalid);
  });
});
