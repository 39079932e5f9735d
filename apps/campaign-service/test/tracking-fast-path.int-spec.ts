import { randomUUID } from 'node:crypto';
import { INVALID_TRACKING_LINK } from '@meridian/contracts';
import { type SignedIn } from '@meridian/testing';
import { TrackingBuffer } from '../src/modules/delivery/tracking/tracking-buffer.service';
import { PIXEL } from '../src/modules/delivery/tracking/tracking-routes';
import { type CampaignTestApp, startCampaignTestApp } from './support/campaign-test-app';
import { outboxEvents, sentMessage, trackingPath } from './support/tracking-messages';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** What every API answer carries (server-kit request-hardening.ts). */
const SECURITY = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'same-origin',
};
const PIXEL_ANSWER = {
  'content-type': 'image/gif',
  'cache-control': 'no-store, no-cache, must-revalidate, private, max-age=0',
  pragma: 'no-cache',
  expires: '0',
  ...SECURITY,
  'content-length': String(PIXEL.length),
};
/** Set by node's HTTP server on every answer, or per request. */
const PER_ANSWER = ['date', 'connection', 'keep-alive', 'x-correlation-id'];

function stable(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_ANSWER.includes(name)));
}

/**
 * The open pixel and the click redirect are answered before Fastify (server-kit fast routes):
 * the same bytes and headers the service's hooks gave them, everything else left to Fastify.
 * The answers expected here are those of the plain Fastify routes (this file passes on them).
 */
describe('tracking fast path', () => {
  let t: CampaignTestApp;
  let admin: SignedIn;

  beforeAll(async () => {
    t = await startCampaignTestApp({ TRACKING_SCANNER_CIDRS: '203.0.113.0/24' });
    admin = await t.platform.newOrganisation();
  });

  afterAll(async () => {
    await t?.close();
  });

  const flush = () => t.app.get(TrackingBuffer).flush();

  it('answers the pixel with the headers of the service hooks and a correlation id', async () => {
    const sent = await sentMessage(t, admin.organisation.id);
    const path = await trackingPath(t, { kind: 'open', messageId: sent.messageId });
    const response = await t.http().get(path).set('user-agent', CHROME).expect(200);
    expect(stable(response.headers as Record<string, string>)).toEqual(PIXEL_ANSWER);
    expect(response.headers['x-correlation-id']).toMatch(UUID);
    expect(Buffer.compare(response.body as Buffer, PIXEL)).toBe(0);

    const echoed = await t
      .http()
      .get(`${path}?utm_source=mail`)
      .set('x-correlation-id', 'trace-42')
      .expect(200);
    expect(echoed.headers['x-correlation-id']).toBe('trace-42');
    await flush();
    expect(await outboxEvents(t, 'opened', sent.rfcMessageId)).toHaveLength(2);
  });

  it('answers HEAD like GET without a body and records it as a prefetch', async () => {
    const sent = await sentMessage(t, admin.organisation.id);
    const path = await trackingPath(t, { kind: 'open', messageId: sent.messageId });
    const response = await t.http().head(path).set('user-agent', CHROME).expect(200);
    expect(stable(response.headers as Record<string, string>)).toEqual(PIXEL_ANSWER);
    expect(response.headers['x-correlation-id']).toMatch(UUID);
    await flush();
    const [event] = await outboxEvents(t, 'opened', sent.rfcMessageId);
    expect(event!.payload).toMatchObject({ human: false, non_human_reason: 'prefetch' });
  });

  it('redirects a click with the headers of the service hooks', async () => {
    const sent = await sentMessage(t, admin.organisation.id);
    const path = await trackingPath(t, { kind: 'click', messageId: sent.messageId, link: 0 });
    const response = await t.http().get(path).set('user-agent', CHROME).expect(302);
    expect(stable(response.headers as Record<string, string>)).toEqual({
      'cache-control': 'no-store',
      location: 'https://acme.test/pricing',
      ...SECURITY,
      'content-length': '0',
    });
    expect(response.headers['x-correlation-id']).toMatch(UUID);
    // A second click of the same message: its links now come from the service's cache.
    await t.http().get(path).set('user-agent', CHROME).expect(302);
    await flush();
    expect(await outboxEvents(t, 'clicked', sent.rfcMessageId)).toHaveLength(2);
  });

  it("answers a bad click link with the error handler's 404 body", async () => {
    const sent = await sentMessage(t, admin.organisation.id);
    const good = await trackingPath(t, { kind: 'click', messageId: sent.messageId, link: 0 });
    for (const path of [
      `${good.slice(0, -2)}${good.endsWith('AA') ? 'BB' : 'AA'}`,
      await trackingPath(t, { kind: 'click', messageId: randomUUID(), link: 0 }),
      await trackingPath(t, { kind: 'click', messageId: sent.messageId, link: 5 }),
    ]) {
      const response = await t.http().get(path).expect(404);
      expect(response.body).toEqual({
        status_code: 404,
        code: 'NotFoundException',
        description: INVALID_TRACKING_LINK,
        fields: {},
        correlation_id: response.headers['x-correlation-id'],
      });
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.headers).toMatchObject(SECURITY);
      expect(response.headers['x-correlation-id']).toMatch(UUID);
    }
    await flush();
    expect(await outboxEvents(t, 'clicked', sent.rfcMessageId)).toEqual([]);
  });

  it('leaves other methods and other path shapes to the router', async () => {
    const sent = await sentMessage(t, admin.organisation.id);
    const open = await trackingPath(t, { kind: 'open', messageId: sent.messageId });
    const post = await t.http().post(open).send({}).expect(404);
    expect(post.body).toMatchObject({ status_code: 404 });
    await t.http().delete(open).expect(404);
    await t.http().get(`${open}/`).expect(404);
    const nul = await t.http().get(`${open}?utm=%00`).expect(400);
    expect(nul.body).toMatchObject({ status_code: 400 });
    await t.http().get(open.replace('/t/o/', '/t/o/x/')).expect(404);
    // An encoded token is decoded by the router, then checked like any other.
    const encoded = open.replace(/\.(.)/, (_m, c: string) => `.%${c.charCodeAt(0).toString(16)}`);
    const decoded = await t.http().get(encoded).expect(200);
    expect(decoded.headers['content-type']).toBe('image/gif');
    await flush();
    expect(await outboxEvents(t, 'opened', sent.rfcMessageId)).toHaveLength(1);
  });

  it('judges the client behind the trusted proxy as Fastify names it', async () => {
    const scanned = await sentMessage(t, admin.organisation.id);
    const human = await sentMessage(t, admin.organisation.id);
    await t
      .http()
      .get(await trackingPath(t, { kind: 'open', messageId: scanned.messageId }))
      .set('user-agent', CHROME)
      .set('x-forwarded-for', '198.51.100.1, 203.0.113.7')
      .expect(200);
    await t
      .http()
      .get(await trackingPath(t, { kind: 'open', messageId: human.messageId }))
      .set('user-agent', CHROME)
      .set('x-forwarded-for', '203.0.113.7, 198.51.100.1')
      .expect(200);
    await flush();
    const [scannedEvent] = await outboxEvents(t, 'opened', scanned.rfcMessageId);
    expect(scannedEvent!.payload).toMatchObject({ human: false, non_human_reason: 'scanner_network' });
    const [humanEvent] = await outboxEvents(t, 'opened', human.rfcMessageId);
    expect(humanEvent!.payload).toMatchObject({ human: true, non_human_reason: null });
  });
});
