import { randomUUID } from 'node:crypto';
import { INVALID_TRACKING_LINK, unsubUrlCreateContract } from '@meridian/contracts';
import { eventually, type SignedIn } from '@meridian/testing';
import { TrackingBuffer } from '../src/modules/delivery/tracking/tracking-buffer.service';
import { PIXEL } from '../src/modules/delivery/tracking/tracking-routes';
import { type CampaignTestApp, startCampaignTestApp } from './support/campaign-test-app';
import { activity, outboxEvents, sentMessage, trackingPath } from './support/tracking-messages';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
const MIMECAST = 'Mimecast-URL-Protect/2.1';
const NOT_FOUND = { status_code: 404, description: INVALID_TRACKING_LINK };

describe('TrackingController', () => {
  let t: CampaignTestApp;
  let admin: SignedIn;
  let stranger: SignedIn;

  beforeAll(async () => {
    t = await startCampaignTestApp();
    admin = await t.platform.newOrganisation();
    stranger = await t.platform.newOrganisation();
  });

  afterAll(async () => {
    await t?.close();
  });

  const flush = () => t.app.get(TrackingBuffer).flush();
  const messageRow = async (id: string) =>
    (
      await t.sql<Record<string, Date | null>>(
        `SELECT first_opened_at, human_opened_at, first_clicked_at, unsubscribed_at FROM campaign.email_messages WHERE id = $1`,
        [id],
      )
    )[0]!;
  const openCount = async (campaignId: string) =>
    (
      await t.sql<{ open_count: number }>(`SELECT open_count FROM campaign.campaigns WHERE id = $1`, [
        campaignId,
      ])
    )[0]!.open_count;

  describe('open pixel', () => {
    it('answers the GIF uncached and records one human open, its event and the campaign count', async () => {
      const sent = await sentMessage(t, admin.organisation.id);
      const path = await trackingPath(t, { kind: 'open', messageId: sent.messageId });
      const response = await t.http().get(path).set('user-agent', CHROME).expect(200);
      expect(response.headers['content-type']).toBe('image/gif');
      expect(response.headers['cache-control']).toContain('no-store');
      expect(Buffer.compare(response.body as Buffer, PIXEL)).toBe(0);

      await eventually(async () => (await activity(t, sent.personId)).length === 1, { what: 'the open' });
      expect(await activity(t, sent.personId)).toEqual([
        {
          event: 'opened',
          human: true,
          link: null,
          message_id: sent.rfcMessageId,
          campaign_name: 'Spring news',
        },
      ]);
      const [event] = await outboxEvents(t, 'opened', sent.rfcMessageId);
      expect(event!.payload).toMatchObject({
        organisation_id: admin.organisation.id,
        campaign_id: sent.campaignId,
        person_id: sent.personId,
        user_agent: CHROME,
        human: true,
        non_human_reason: null,
      });
      expect(await openCount(sent.campaignId)).toBe(1);

      // A second open is another event but not another opened message.
      await t.http().get(path).set('user-agent', CHROME).expect(200);
      await flush();
      expect(await outboxEvents(t, 'opened', sent.rfcMessageId)).toHaveLength(2);
      expect(await openCount(sent.campaignId)).toBe(1);
      const row = await messageRow(sent.messageId);
      expect(row.first_opened_at).not.toBeNull();
      expect(row.human_opened_at).toEqual(row.first_opened_at);
    });

    it('stores a scanner open as not human, without counting it as an opened message', async () => {
      const sent = await sentMessage(t, admin.organisation.id);
      await t
        .http()
        .get(await trackingPath(t, { kind: 'open', messageId: sent.messageId }))
        .set('user-agent', MIMECAST)
        .expect(200);
      await flush();
      expect(await activity(t, sent.personId)).toEqual([
        expect.objectContaining({ event: 'opened', human: false }),
      ]);
      const [event] = await outboxEvents(t, 'opened', sent.rfcMessageId);
      expect(event!.payload).toMatchObject({ human: false, non_human_reason: 'scanner_user_agent' });
      const row = await messageRow(sent.messageId);
      expect(row.first_opened_at).not.toBeNull();
      expect(row.human_opened_at).toBeNull();
      expect(await openCount(sent.campaignId)).toBe(0);
    });

    it('answers the GIF for a bad, forged or other-kind token and records nothing', async () => {
      const sent = await sentMessage(t, admin.organisation.id);
      const click = await trackingPath(t, { kind: 'click', messageId: sent.messageId, link: 0 });
      const open = await trackingPath(t, { kind: 'open', messageId: sent.messageId });
      for (const path of [
        '/api/campaign/v1/t/o/nonsense',
        `${open.slice(0, -3)}AAA`,
        click.replace('/t/c/', '/t/o/'),
        await trackingPath(t, { kind: 'open', messageId: randomUUID() }),
      ]) {
        const response = await t.http().get(path).expect(200);
        expect(response.headers['content-type']).toBe('image/gif');
      }
      await flush();
      expect(await activity(t, sent.personId)).toEqual([]);
      expect(await outboxEvents(t, 'opened', sent.rfcMessageId)).toEqual([]);
    });
  });

  describe('click', () => {
    it('redirects to the stored link and records the click, implying the open', async () => {
      const sent = await sentMessage(t, admin.organisation.id);
      const response = await t
        .http()
        .get(await trackingPath(t, { kind: 'click', messageId: sent.messageId, link: 1 }))
        .set('user-agent', CHROME)
        .expect(302);
      expect(response.headers.location).toBe('https://acme.test/blog?utm=1');
      await flush();
      expect(await activity(t, sent.personId)).toEqual([
        expect.objectContaining({ event: 'opened', human: true, link: null }),
        expect.objectContaining({ event: 'clicked', human: true, link: 'https://acme.test/blog?utm=1' }),
      ]);
      const [clicked] = await outboxEvents(t, 'clicked', sent.rfcMessageId);
      expect(clicked!.payload).toMatchObject({ url: 'https://acme.test/blog?utm=1', human: true });
      expect(await outboxEvents(t, 'opened', sent.rfcMessageId)).toHaveLength(1);
      expect((await messageRow(sent.messageId)).first_clicked_at).not.toBeNull();
      expect(await openCount(sent.campaignId)).toBe(1);
    });

    it('redirects a personalised link with characters a header cannot carry to its encoded form', async () => {
      const links = ['https://acme.test/café?name=José 中', 'https://bücher.test/x'];
      const sent = await sentMessage(t, admin.organisation.id, { links });
      const redirects = [];
      for (const link of [0, 1]) {
        const response = await t
          .http()
          .get(await trackingPath(t, { kind: 'click', messageId: sent.messageId, link }))
          .set('user-agent', CHROME)
          .expect(302);
        redirects.push(response.headers.location);
      }
      expect(redirects).toEqual([
        'https://acme.test/caf%C3%A9?name=Jos%C3%A9%20%E4%B8%AD',
        'https://xn--bcher-kva.test/x',
      ]);
      await flush();
      const clicked = await outboxEvents(t, 'clicked', sent.rfcMessageId);
      expect(clicked.map((event) => event.payload.url)).toEqual(links);
    });

    it('marks a click seconds after sending as not human', async () => {
      const sent = await sentMessage(t, admin.organisation.id, { sentSecondsAgo: 0 });
      await t
        .http()
        .get(await trackingPath(t, { kind: 'click', messageId: sent.messageId, link: 0 }))
        .set('user-agent', CHROME)
        .expect(302);
      await flush();
      const [clicked] = await outboxEvents(t, 'clicked', sent.rfcMessageId);
      expect(clicked!.payload).toMatchObject({ human: false, non_human_reason: 'instant_click' });
      expect(await openCount(sent.campaignId)).toBe(0);
    });

    it('answers 404 with the error body for an unknown message, an index out of range or a tampered signature', async () => {
      const sent = await sentMessage(t, admin.organisation.id);
      const good = await trackingPath(t, { kind: 'click', messageId: sent.messageId, link: 0 });
      const paths = [
        await trackingPath(t, { kind: 'click', messageId: randomUUID(), link: 0 }),
        await trackingPath(t, { kind: 'click', messageId: sent.messageId, link: 2 }),
        `${good.slice(0, -2)}${good.endsWith('AA') ? 'BB' : 'AA'}`,
        good.replace(/c([0-9a-f]{32})0\./, 'c$11.'),
        (await trackingPath(t, { kind: 'open', messageId: sent.messageId })).replace('/t/o/', '/t/c/'),
        '/api/campaign/v1/t/c/x',
      ];
      for (const path of paths) {
        const response = await t.http().get(path).expect(404);
        expect(response.body).toMatchObject(NOT_FOUND);
        expect(response.headers.location).toBeUndefined();
      }
      await flush();
      expect(await activity(t, sent.personId)).toEqual([]);
    });
  });

  describe('unsubscribe', () => {
    const unsubscribed = async (personId: string) =>
      (
        await t.sql<{ unsubscribed: boolean }>(`SELECT unsubscribed FROM campaign.persons WHERE id = $1`, [
          personId,
        ])
      )[0]!.unsubscribed;

    it('shows a confirmation page on GET and changes nothing', async () => {
      const sent = await sentMessage(t, admin.organisation.id);
      const path = await trackingPath(t, { kind: 'unsubscribe', messageId: sent.messageId });
      const page = await t.http().get(path).set('user-agent', MIMECAST).expect(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.text).toContain('<form method="post">');
      expect(page.text).not.toMatch(/<(script|link|img)\b|https?:/);
      await t.http().get(path).set('user-agent', CHROME).expect(200);
      expect(await unsubscribed(sent.personId)).toBe(false);
      expect(await outboxEvents(t, 'unsubscribed', sent.rfcMessageId)).toEqual([]);
      expect((await messageRow(sent.messageId)).unsubscribed_at).toBeNull();
    });

    it('unsubscribes on a one-click POST, once, with its event in the outbox', async () => {
      const sent = await sentMessage(t, admin.organisation.id);
      const path = await trackingPath(t, { kind: 'unsubscribe', messageId: sent.messageId });
      const answer = await t.http().post(path).type('form').send('List-Unsubscribe=One-Click').expect(200);
      expect(answer.body).toEqual({ url: 'http://localhost:8080/unsubscribed' });
      expect(await unsubscribed(sent.personId)).toBe(true);
      expect((await messageRow(sent.messageId)).unsubscribed_at).not.toBeNull();
      await t.http().post(path).type('form').send('List-Unsubscribe=One-Click').expect(200);
      const events = await outboxEvents(t, 'unsubscribed', sent.rfcMessageId);
      expect(events).toHaveLength(1);
      expect(events[0]!.payload).toMatchObject({ person_id: sent.personId, campaign_id: sent.campaignId });
      expect((await activity(t, sent.personId)).map((a) => a.event)).toEqual(['unsubscribed']);
    });

    it("sends the page's form POST on to the organisation's opt-out page", async () => {
      await t.sql('DELETE FROM campaign.unsubscribe_urls WHERE organisation_id = $1', [
        stranger.organisation.id,
      ]);
      await t
        .call(unsubUrlCreateContract, { url: 'https://acme.test/preferences', customUrl: true }, stranger)
        .expect(200);
      const sent = await sentMessage(t, stranger.organisation.id);
      const path = await trackingPath(t, { kind: 'unsubscribe', messageId: sent.messageId });
      const answer = await t.http().post(path).type('form').send('confirm=unsubscribe').expect(303);
      expect(answer.headers.location).toBe('https://acme.test/preferences');
      expect(await unsubscribed(sent.personId)).toBe(true);
    });

    it('refuses a forged link on GET and POST and unsubscribes no one', async () => {
      const sent = await sentMessage(t, admin.organisation.id);
      const good = await trackingPath(t, { kind: 'unsubscribe', messageId: sent.messageId });
      for (const path of [
        `${good.slice(0, -2)}${good.endsWith('AA') ? 'BB' : 'AA'}`,
        (await trackingPath(t, { kind: 'open', messageId: sent.messageId })).replace('/t/o/', '/t/u/'),
        await trackingPath(t, { kind: 'unsubscribe', messageId: randomUUID() }),
      ]) {
        await t.http().get(path).expect(404);
        const answer = await t.http().post(path).type('form').send('List-Unsubscribe=One-Click').expect(404);
        expect(answer.body).toMatchObject({
          status_code: 404,
          description: 'This unsubscribe link is not valid',
        });
      }
      expect(await unsubscribed(sent.personId)).toBe(false);
    });
  });

  it("touches only the message's own organisation", async () => {
    const email = `shared-${randomUUID()}@ex.test`;
    const ours = await sentMessage(t, admin.organisation.id, { email });
    const theirs = await sentMessage(t, stranger.organisation.id, { email });
    await t
      .http()
      .get(await trackingPath(t, { kind: 'open', messageId: ours.messageId }))
      .set('user-agent', CHROME);
    await t
      .http()
      .get(await trackingPath(t, { kind: 'click', messageId: ours.messageId, link: 0 }))
      .set('user-agent', CHROME);
    await t
      .http()
      .post(await trackingPath(t, { kind: 'unsubscribe', messageId: ours.messageId }))
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(200);
    await flush();
    expect((await activity(t, ours.personId)).length).toBeGreaterThan(0);
    expect(await activity(t, theirs.personId)).toEqual([]);
    expect(await messageRow(theirs.messageId)).toEqual({
      first_opened_at: null,
      human_opened_at: null,
      first_clicked_at: null,
      unsubscribed_at: null,
    });
    expect(await openCount(theirs.campaignId)).toBe(0);
    const [person] = await t.sql<{ unsubscribed: boolean }>(
      `SELECT unsubscribed FROM campaign.persons WHERE id = $1`,
      [theirs.personId],
    );
    expect(person!.unsubscribed).toBe(false);
  });
});
