import { createServer, request as httpRequest, type Server } from 'node:http';
import { gzipSync } from 'node:zlib';
import { Analytics } from '@segment/analytics-node';
import { segmentMessages } from '@meridian/contracts';
import { eventually, type SignedIn } from '@meridian/testing';
import { basicAuth, type SegmentTestApp, startSegmentTestApp } from './support/segment-test-app';

const PRODUCT_EVENTS = 'integrations.product_events.ingested.v1';
const CONTACTS_SYNCED = 'integrations.contacts.synced.v1';

interface ProductEvent {
  message_id: string;
  email: string | null;
  user_id: string | null;
  event_name: string;
  event_date: string;
  org_id: string | null;
  properties: Record<string, unknown>;
}

describe('Segment Tracking API ingest', () => {
  let t: SegmentTestApp;
  let admin: SignedIn;
  let writeKey: string;

  beforeAll(async () => {
    t = await startSegmentTestApp();
    admin = await t.platform.newOrganisation();
    writeKey = await t.newWriteKey(admin);
  }, 180_000);

  afterAll(() => t?.close());

  const published = async <T>(name: string, organisationId: string): Promise<T[]> =>
    t
      .sql<{ payload: T }>(
        `SELECT payload FROM integrations.outbox WHERE name = $1 AND payload->>'organisation_id' = $2 ORDER BY seq`,
        [name, organisationId],
      )
      .then((rows) => rows.map((r) => r.payload));

  const productEvents = async (organisationId: string) =>
    (await published<{ events: ProductEvent[] }>(PRODUCT_EVENTS, organisationId)).flatMap((p) => p.events);

  const errors = (organisationId: string) =>
    t.sql<{ exception: string; description: string; event_type: string | null }>(
      `SELECT exception, description, event_type FROM integrations.segment_errors WHERE organisation_id = $1 ORDER BY time_created`,
      [organisationId],
    );

  const inboxEmpty = () =>
    eventually(async () => (await t.sql(`SELECT 1 FROM integrations.segment_inbox LIMIT 1`)).length === 0, {
      what: 'the relay to empty the inbox',
    });

  it('takes every call type from the official client and relays product activity and identifies', async () => {
    const analytics = new Analytics({ writeKey, host: t.url, flushAt: 5, flushInterval: 100 });
    const failures: unknown[] = [];
    analytics.on('error', (error) => failures.push(error));
    analytics.identify({
      userId: 'u-1',
      traits: { email: 'Ada@Example.com', firstName: 'Ada', company: { name: 'Acme' } },
    });
    for (let i = 0; i < 12; i += 1)
      analytics.track({ userId: 'u-1', event: 'Report Built', properties: { n: i } });
    analytics.page({ userId: 'u-1', name: 'Pricing', category: 'Docs' });
    analytics.screen({ anonymousId: 'a-1', name: 'Home' });
    analytics.group({ userId: 'u-1', groupId: 'acme-co', traits: { plan: 'pro' } });
    analytics.alias({ userId: 'u-1', previousId: 'a-1' });
    await analytics.closeAndFlush({ timeout: 60_000 });
    expect(failures).toEqual([]);

    const events = await eventually(
      async () => {
        const found = await productEvents(admin.organisation.id);
        return found.length === 15 ? found : undefined;
      },
      { what: 'the product events' },
    );
    // The client sends its batches side by side: they may arrive in any order.
    const numbers = events
      .filter((e) => e.event_name === 'Report Built')
      .map((e) => e.properties.n as number);
    expect(numbers.sort((a, b) => a - b)).toEqual([...Array(12).keys()]);
    expect(events.find((e) => e.event_name === 'Viewed Pricing Page')?.properties).toEqual({
      category: 'Docs',
    });
    expect(events.find((e) => e.event_name === 'Viewed Home Screen')?.user_id).toBeNull();
    expect(events.find((e) => e.event_name === 'Group')).toMatchObject({
      org_id: 'acme-co',
      properties: { plan: 'pro' },
    });
    expect(new Set(events.map((e) => e.message_id)).size).toBe(15);
    // Track calls with only the user id carry the email that user id identified with.
    expect(new Set(events.filter((e) => e.user_id === 'u-1').map((e) => e.email))).toEqual(
      new Set(['ada@example.com']),
    );

    const synced = await published<{
      source: string;
      rows: { email: string; values: Record<string, unknown> }[];
    }>(CONTACTS_SYNCED, admin.organisation.id);
    expect(synced).toHaveLength(1);
    expect(synced[0]).toMatchObject({
      source: 'segment',
      rows: [
        {
          email: 'ada@example.com',
          values: { product_user_id: 'u-1', first_name: 'Ada', company_name: 'Acme' },
        },
      ],
    });
    expect(await errors(admin.organisation.id)).toEqual([]);
  }, 120_000);

  it('keeps a batch the client retried after a failed answer, with the same message ids', async () => {
    // A proxy that delivers the first request but answers it 503, as a dropped connection would.
    let seen = 0;
    const target = new URL(t.url);
    const proxy: Server = createServer((incoming, outgoing) => {
      seen += 1;
      const first = seen === 1;
      const forward = httpRequest(
        {
          host: target.hostname,
          port: target.port,
          path: incoming.url,
          method: incoming.method,
          headers: incoming.headers,
        },
        (answer) => {
          outgoing.writeHead(first ? 503 : (answer.statusCode ?? 502), answer.headers);
          answer.pipe(outgoing);
        },
      );
      incoming.pipe(forward);
    });
    await new Promise<void>((done) => proxy.listen(0, '127.0.0.1', done));
    const address = proxy.address() as { port: number };
    const org = await t.platform.newOrganisation();
    const key = await t.newWriteKey(org);
    try {
      const analytics = new Analytics({
        writeKey: key,
        host: `http://127.0.0.1:${address.port}`,
        flushAt: 3,
        maxRetries: 3,
      });
      for (const event of ['One', 'Two', 'Three']) analytics.track({ userId: 'u-9', event });
      await analytics.closeAndFlush({ timeout: 60_000 });
    } finally {
      await new Promise((done) => proxy.close(done));
    }
    expect(seen).toBe(2);
    const events = await eventually(
      async () => {
        const found = await productEvents(org.organisation.id);
        return found.length === 6 ? found : undefined;
      },
      { what: 'both deliveries to be relayed' },
    );
    // The campaign side stores a message id once (see the product activity consumer).
    expect(new Set(events.map((e) => e.message_id)).size).toBe(3);
  }, 120_000);

  it('reads gzip bodies and applies a batch’s context and sentAt to its calls', async () => {
    const body = gzipSync(
      JSON.stringify({
        batch: [{ type: 'track', userId: 'u-2', event: 'Zipped', messageId: 'zip-1' }],
        context: { traits: { email: 'zip@example.com' } },
      }),
    );
    const answer = await t.app
      .getHttpAdapter()
      .getInstance()
      .inject({
        method: 'POST',
        url: '/v1/batch',
        headers: {
          'content-type': 'application/json',
          'content-encoding': 'gzip',
          authorization: basicAuth(writeKey),
        },
        payload: body,
      });
    expect(answer.statusCode).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ success: true });
    const event = await eventually(async () =>
      (await productEvents(admin.organisation.id)).find((e) => e.message_id === 'zip-1'),
    );
    expect(event.email).toBe('zip@example.com');
  });

  it('corrects the sender’s clock skew with sentAt and refuses unreadable timestamps', async () => {
    const ahead = new Date(Date.now() + 3 * 3600_000);
    const happened = new Date(ahead.getTime() - 60_000);
    const answer = await t.track(
      '/v1/batch',
      {
        sentAt: ahead.toISOString(),
        batch: [
          {
            type: 'track',
            userId: 'u-3',
            event: 'Skewed',
            messageId: 'skew-1',
            timestamp: happened.toISOString(),
          },
          { type: 'track', userId: 'u-3', event: 'Garbled', messageId: 'skew-2', timestamp: 'yesterday-ish' },
        ],
      },
      writeKey,
    );
    expect(answer.status).toBe(200);
    const event = await eventually(async () =>
      (await productEvents(admin.organisation.id)).find((e) => e.message_id === 'skew-1'),
    );
    // Received a moment ago, sent a minute after it happened: about a minute ago, not three hours ahead.
    expect(Date.parse(event.event_date)).toBeLessThan(Date.now());
    expect(Date.parse(event.event_date)).toBeGreaterThan(Date.now() - 10 * 60_000);
    await inboxEmpty();
    expect(await errors(admin.organisation.id)).toContainEqual({
      exception: 'InvalidTimestamp',
      description: segmentMessages.invalidTimestamp,
      event_type: 'track',
    });
  });

  it('records calls without ids or names as errors and keeps the rest of the batch', async () => {
    const org = await t.platform.newOrganisation();
    const key = await t.newWriteKey(org);
    const answer = await t.track(
      '/v1/batch',
      {
        batch: [
          { type: 'track', event: 'Nobody' },
          { type: 'track', userId: 'u-4' },
          { type: 'identify', userId: 'u-4', traits: { name: 'No Email' } },
          { type: 'launch', userId: 'u-4' },
          { type: 'track', userId: 'u-4', event: 'Kept', properties: { pad: 'x'.repeat(40 * 1024) } },
          { type: 'track', userId: 'u-4', event: 'Kept', messageId: 'kept-1' },
        ],
      },
      key,
    );
    expect(answer.status).toBe(200);
    await inboxEmpty();
    expect((await errors(org.organisation.id)).map((e) => e.exception).sort()).toEqual(
      ['MissingEmail', 'MissingEventName', 'MissingIdentity', 'PayloadTooLarge', 'UnknownCallType'].sort(),
    );
    expect((await productEvents(org.organisation.id)).map((e) => e.message_id)).toEqual(['kept-1']);
  });

  it('records a call carrying text Postgres cannot store (NUL, half a surrogate pair) as an error and keeps the rest', async () => {
    const org = await t.platform.newOrganisation();
    const key = await t.newWriteKey(org);
    // The escapes as a client's JSON carries them (the last note is one well-formed pair).
    const batch = `{"batch":[
      {"type":"track","userId":"u-5","event":"Nul","properties":{"note":"a\\u0000b"}},
      {"type":"track","userId":"u-5","event":"Half","properties":{"note":"\\ud800"}},
      {"type":"track","userId":"u-5","event":"Kept","messageId":"kept-2","properties":{"note":"\\ud83d\\ude00"}}
    ]}`;
    expect((await t.track('/v1/batch', batch, key)).status).toBe(200);
    const single = await t.track('/v1/track', '{"userId":"u-5","event":"E\\u0000"}', key);
    expect(single.status).toBe(400);
    expect(single.body).toMatchObject({
      code: 'ValidationException',
      description: segmentMessages.invalidText,
    });
    await inboxEmpty();
    expect((await errors(org.organisation.id)).map((e) => [e.exception, e.description])).toEqual([
      ['InvalidText', segmentMessages.invalidText],
      ['InvalidText', segmentMessages.invalidText],
      ['InvalidText', segmentMessages.invalidText],
    ]);
    const kept = await productEvents(org.organisation.id);
    expect(kept.map((e) => [e.message_id, e.properties.note])).toEqual([['kept-2', '\u{1F600}']]);
  });

  // Found by a hostile-input walk: the intake stopped looking 64 levels down, so such a call was
  // stored, failed its slice's publish on every attempt, and no organisation's calls got through.
  const deepNul = (depth: number) => {
    let properties: Record<string, unknown> = { note: 'a\u0000b' };
    for (let i = 0; i < depth; i++) properties = { nested: properties };
    return properties;
  };

  it('records a call carrying a NUL nested deeper than 64 levels as an error, and keeps the rest', async () => {
    const org = await t.platform.newOrganisation();
    const key = await t.newWriteKey(org);
    const single = await t.track('/v1/track', { userId: 'u-6', event: 'Deep', properties: deepNul(70) }, key);
    expect(single.status).toBe(400);
    expect(single.body).toMatchObject({
      code: 'ValidationException',
      description: segmentMessages.invalidText,
    });
    const batch = {
      batch: [
        { type: 'track', userId: 'u-6', event: 'Deep', properties: deepNul(70) },
        { type: 'track', userId: 'u-6', event: 'Kept', messageId: 'kept-deep' },
      ],
    };
    expect((await t.track('/v1/batch', batch, key)).status).toBe(200);
    await inboxEmpty();
    expect((await errors(org.organisation.id)).map((e) => e.exception)).toEqual([
      'InvalidText',
      'InvalidText',
    ]);
    expect((await productEvents(org.organisation.id)).map((e) => e.message_id)).toEqual(['kept-deep']);
  });

  it('relays other organisations’ calls past a stored call that carries a NUL, recording it as an error', async () => {
    const poisoned = await t.platform.newOrganisation();
    const other = await t.platform.newOrganisation();
    const otherKey = await t.newWriteKey(other);
    // As an intake that did not look deep enough left it: the oldest row in the inbox.
    await t.sql(
      `INSERT INTO integrations.segment_inbox (organisation_id, received_at, payload) VALUES ($1, now(), $2)`,
      [
        poisoned.organisation.id,
        JSON.stringify({ type: 'track', userId: 'u-7', event: 'Deep', properties: deepNul(70) }),
      ],
    );
    const answer = await t.track(
      '/v1/track',
      { userId: 'u-8', event: 'Theirs', messageId: 'after-poison' },
      otherKey,
    );
    expect(answer.status).toBe(200);
    await eventually(async () =>
      (await productEvents(other.organisation.id)).some((e) => e.message_id === 'after-poison'),
    );
    await inboxEmpty();
    expect((await errors(poisoned.organisation.id)).map((e) => e.exception)).toEqual(['InvalidText']);
    expect(await productEvents(poisoned.organisation.id)).toEqual([]);
  });

  it('relays a quiet organisation’s call in the next slice while another organisation’s flood waits', async () => {
    const flooding = await t.platform.newOrganisation();
    const quiet = await t.platform.newOrganisation();
    const FLOOD = 9000;
    // One statement, so the relay sees the flood and, behind it, the quiet organisation's call at once.
    await t.sql(
      `INSERT INTO integrations.segment_inbox (organisation_id, received_at, payload)
       SELECT organisation_id, now(), payload FROM (
         SELECT $1::uuid AS organisation_id, i AS turn,
                json_build_object('type', 'track', 'userId', 'u-' || i, 'event', 'Flood',
                                  'messageId', 'flood-' || i)::text AS payload
           FROM generate_series(1, ${FLOOD}) i
         UNION ALL
         SELECT $2::uuid, ${FLOOD + 1},
                json_build_object('type', 'track', 'userId', 'q-1', 'event', 'Quiet', 'messageId', 'quiet-1')::text
       ) calls ORDER BY turn`,
      [flooding.organisation.id, quiet.organisation.id],
    );
    await inboxEmpty();
    const published = await t.sql<{ organisation_id: string; seq: string; ids: string[] }>(
      `SELECT payload->>'organisation_id' AS organisation_id, seq::text AS seq,
              ARRAY(SELECT e->>'message_id' FROM jsonb_array_elements(payload->'events') e) AS ids
         FROM integrations.outbox WHERE name = $1 AND payload->>'organisation_id' = ANY($2::text[]) ORDER BY seq`,
      [PRODUCT_EVENTS, [flooding.organisation.id, quiet.organisation.id]],
    );
    const flood = published.filter((p) => p.organisation_id === flooding.organisation.id);
    expect(flood.flatMap((p) => p.ids)).toHaveLength(FLOOD);
    const quietEvent = published.find((p) => p.ids.includes('quiet-1'));
    // Taken oldest first across organisations, the quiet call would wait for the whole flood (the
    // relay takes 2,000 calls a slice); taken in turns, it goes with the flood's first slice.
    expect(quietEvent).toBeDefined();
    const floodAfter = flood.filter((p) => BigInt(p.seq) > BigInt(quietEvent!.seq));
    expect(floodAfter.flatMap((p) => p.ids).length).toBeGreaterThanOrEqual(FLOOD - 2000);
  });

  it('answers 400 to an oversized batch, an oversized call and bad JSON, and records them', async () => {
    const org = await t.platform.newOrganisation();
    const key = await t.newWriteKey(org);
    const big = {
      batch: Array.from({ length: 30 }, (_, i) => ({
        type: 'track',
        userId: 'u',
        event: 'E',
        properties: { pad: 'y'.repeat(20_000), i },
      })),
    };
    const oversized = await t.track('/v1/batch', big, key);
    expect(oversized.status).toBe(400);
    expect(oversized.body.description).toBe(segmentMessages.batchTooLarge);
    const bigCall = await t.track(
      '/v1/track',
      { userId: 'u', event: 'E', properties: { pad: 'z'.repeat(33 * 1024) } },
      key,
    );
    expect(bigCall.status).toBe(400);
    expect(bigCall.body.description).toBe(segmentMessages.callTooLarge);
    const badJson = await t.track('/v1/track', '{"userId": "u", "event": ', key);
    expect(badJson.status).toBe(400);
    expect(badJson.body).toMatchObject({
      status_code: 400,
      code: 'InvalidJsonException',
      description: segmentMessages.invalidJson,
    });
    expect((await errors(org.organisation.id)).map((e) => e.exception).sort()).toEqual([
      'InvalidJson',
      'PayloadTooLarge',
      'PayloadTooLarge',
    ]);
  });

  it('answers 401 to a wrong or missing key and stores nothing', async () => {
    const before = await t.sql<{ n: number }>(`SELECT count(*)::int AS n FROM integrations.segment_errors`);
    const wrong = await t.track('/v1/track', { userId: 'u', event: 'E' }, 'mk_not-a-key');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({
      code: 'InvalidWriteKeyException',
      description: segmentMessages.invalidWriteKey,
    });
    const missing = await t.app
      .getHttpAdapter()
      .getInstance()
      .inject({
        method: 'POST',
        url: '/v1/track',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ userId: 'u', event: 'E' }),
      });
    expect(missing.statusCode).toBe(401);
    expect(JSON.parse(missing.body).description).toBe(segmentMessages.missingWriteKey);
    expect(await t.sql(`SELECT count(*)::int AS n FROM integrations.segment_errors`)).toEqual(before);
  });

  it('takes the write key from the body too, and ends an old key when a new one is issued', async () => {
    const org = await t.platform.newOrganisation();
    const oldKey = await t.newWriteKey(org);
    const inBody = await t.app
      .getHttpAdapter()
      .getInstance()
      .inject({
        method: 'POST',
        url: '/v1/batch',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({
          writeKey: oldKey,
          batch: [{ type: 'track', userId: 'u', event: 'Body Key', messageId: 'bk-1' }],
        }),
      });
    expect(inBody.statusCode).toBe(200);
    const newKey = await t.newWriteKey(org);
    await eventually(async () => (await t.track('/v1/batch', { batch: [] }, oldKey)).status === 401, {
      what: 'the old key to stop working',
    });
    expect((await t.track('/v1/batch', { batch: [] }, newKey)).status).toBe(200);
    const events = await eventually(async () => {
      const found = await productEvents(org.organisation.id);
      return found.length > 0 ? found : undefined;
    });
    expect(events.map((e) => e.message_id)).toEqual(['bk-1']);
  });

  it('writes with another organisation’s key only into that organisation', async () => {
    const other = await t.platform.newOrganisation();
    const otherKey = await t.newWriteKey(other);
    const answer = await t.track(
      '/v1/track',
      { userId: 'u', event: 'Theirs', messageId: 'theirs-1' },
      otherKey,
    );
    expect(answer.status).toBe(200);
    await eventually(async () =>
      (await productEvents(other.organisation.id)).some((e) => e.message_id === 'theirs-1'),
    );
    expect((await productEvents(admin.organisation.id)).some((e) => e.message_id === 'theirs-1')).toBe(false);
  });
});
