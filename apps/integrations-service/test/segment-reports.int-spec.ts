import {
  connectionsListContract,
  segmentErrorsListContract,
  segmentErrorsReportContract,
  segmentEventsReportContract,
  segmentMessages,
} from '@meridian/contracts';
import { eventually, type SignedIn } from '@meridian/testing';
import { type SegmentTestApp, startSegmentTestApp } from './support/segment-test-app';

interface Row {
  date: string;
  hour: number | null;
  count: number;
}

/** The caller's local hour and day of `at` for an offset in minutes east of UTC. */
const local = (at: Date, offset: number) => {
  const shifted = new Date(at.getTime() + offset * 60_000).toISOString();
  return { date: shifted.slice(0, 10), hour: Number(shifted.slice(11, 13)) };
};

describe('Segment errors and reports', () => {
  let t: SegmentTestApp;
  let admin: SignedIn;
  let stranger: SignedIn;

  beforeAll(async () => {
    t = await startSegmentTestApp();
    admin = await t.platform.newOrganisation();
    stranger = await t.platform.newOrganisation();
    const key = await t.newWriteKey(admin);
    const batch = [
      ...Array.from({ length: 7 }, (_, i) => ({
        type: 'track',
        userId: 'u',
        event: 'Seen',
        messageId: `ok-${i}`,
      })),
      ...Array.from({ length: 12 }, (_, i) => ({ type: 'track', event: 'No Id', messageId: `bad-${i}` })),
    ];
    expect((await t.track('/v1/batch', { batch }, key)).status).toBe(200);
    await eventually(async () => (await t.sql(`SELECT 1 FROM integrations.segment_inbox`)).length === 0, {
      what: 'the relay',
    });
  }, 180_000);

  afterAll(() => t?.close());

  it('lists refused calls newest first, 10 a page by default, in the caller’s organisation only', async () => {
    const first = await t.call(segmentErrorsListContract, {}, admin).expect(200);
    expect(first.body).toMatchObject({ page_number: 1, page_size: 10, page_count: 2, total_count: 12 });
    expect(first.body.records).toHaveLength(10);
    expect(first.body.records[0]).toMatchObject({
      exception: 'MissingIdentity',
      description: segmentMessages.missingIdentity,
      event_type: 'track',
    });
    expect(first.body.records[0].payload_excerpt).toContain('"No Id"');
    const second = await t.call(segmentErrorsListContract, { page_number: 2 }, admin).expect(200);
    expect(second.body.records).toHaveLength(2);
    const ids = [...first.body.records, ...second.body.records].map(
      (r: { message_id: string }) => r.message_id,
    );
    expect(new Set(ids).size).toBe(12);

    const theirs = await t.call(segmentErrorsListContract, {}, stranger).expect(200);
    expect(theirs.body).toMatchObject({ total_count: 0, records: [] });
    const past = await t
      .call(
        segmentErrorsListContract,
        { start_time: '2020-01-01T00:00:00Z', end_time: '2020-02-01T00:00:00Z' },
        admin,
      )
      .expect(200);
    expect(past.body.total_count).toBe(0);
  });

  it('refuses a window out of order and needs a session', async () => {
    const bad = await t
      .call(
        segmentErrorsListContract,
        { start_time: '2026-02-01T00:00:00Z', end_time: '2026-01-01T00:00:00Z' },
        admin,
      )
      .expect(400);
    expect(bad.body.fields.end_time).toEqual([segmentMessages.rangeInvalid]);
    const anonymous = await t.app.getHttpAdapter().getInstance().inject({
      method: 'POST',
      url: segmentErrorsListContract.fullPath,
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('counts accepted and refused calls over the last 24 local hours, zero-filled', async () => {
    const events = await t
      .call(segmentEventsReportContract, { time_unit: 'hour', time_range: 24, tz_offset: 330 }, admin)
      .expect(200);
    expect(events.body.rows).toHaveLength(24);
    expect(events.body.total_count).toBe(7);
    const hours = (events.body.rows as Row[]).map((r) =>
      Date.parse(`${r.date}T${String(r.hour).padStart(2, '0')}:00:00Z`),
    );
    expect(hours.slice(1).every((h, i) => h - hours[i]! === 3600_000)).toBe(true);
    const errors = await t
      .call(segmentErrorsReportContract, { time_unit: 'hour', time_range: 24, tz_offset: 330 }, admin)
      .expect(200);
    expect(errors.body.total_count).toBe(12);
    const theirs = await t
      .call(segmentEventsReportContract, { time_unit: 'hour', time_range: 24, tz_offset: 0 }, stranger)
      .expect(200);
    expect(theirs.body.total_count).toBe(0);
  });

  it('lists Segment among the connections of an organisation with a live write key, not of another', async () => {
    const mine = await t.call(connectionsListContract, { page_number: 1, page_size: 10 }, admin).expect(200);
    const segment = mine.body.connections.filter((c: { source: string }) => c.source === 'segment');
    expect(segment).toHaveLength(1);
    expect(segment[0]).toMatchObject({ name: 'Segment', data_type: 'events', status: 'active' });
    expect(segment[0].last_sync_time).not.toBeNull();
    const theirs = await t
      .call(connectionsListContract, { page_number: 1, page_size: 10 }, stranger)
      .expect(200);
    expect(theirs.body.connections).toEqual([]);
  });

  it('puts counts in the caller’s local hour and day', async () => {
    const fiveHoursAgo = new Date(Date.now() - 5 * 3600_000);
    const tenDaysAgo = new Date(Date.now() - 10 * 86400_000);
    // 15-minute buckets, as the relay writes them.
    const bucket = (at: Date) => new Date(Math.floor(at.getTime() / 900_000) * 900_000);
    await t.sql(
      `INSERT INTO integrations.segment_counts (organisation_id, kind, bucket, count)
       VALUES ($1, 'event', $2, 40), ($1, 'event', $3, 500)`,
      [stranger.organisation.id, bucket(fiveHoursAgo), bucket(tenDaysAgo)],
    );
    for (const offset of [330, -300, 0]) {
      const hourly = await t
        .call(segmentEventsReportContract, { time_unit: 'hour', time_range: 24, tz_offset: offset }, stranger)
        .expect(200);
      const at = local(bucket(fiveHoursAgo), offset);
      expect((hourly.body.rows as Row[]).find((r) => r.date === at.date && r.hour === at.hour)?.count).toBe(
        40,
      );
      expect(hourly.body.total_count).toBe(40);

      const daily = await t
        .call(segmentEventsReportContract, { time_unit: 'day', time_range: 30, tz_offset: offset }, stranger)
        .expect(200);
      expect(daily.body.rows).toHaveLength(30);
      expect((daily.body.rows as Row[]).every((r) => r.hour === null)).toBe(true);
      expect(
        (daily.body.rows as Row[]).find((r) => r.date === local(bucket(tenDaysAgo), offset).date)?.count,
      ).toBe(500);
      expect(daily.body.total_count).toBe(540);
    }
  });

  it('takes 24 hours or 30, 60, 90 days only', async () => {
    for (const body of [
      { time_unit: 'hour', time_range: 48 },
      { time_unit: 'day', time_range: 24 },
      { time_unit: 'week', time_range: 30 },
    ]) {
      const answer = await t.call(segmentEventsReportContract, body, admin).expect(400);
      expect(Object.values(answer.body.fields).flat()).toContain(segmentMessages.timeRangeInvalid);
    }
    const ninety = await t
      .call(segmentErrorsReportContract, { time_unit: 'day', time_range: 90 }, admin)
      .expect(200);
    expect(ninety.body.rows).toHaveLength(90);
  });
});
