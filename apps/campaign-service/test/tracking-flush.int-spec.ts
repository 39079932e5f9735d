import { audienceCountContract, campaignCreateContract, type AudienceItem } from '@meridian/contracts';
import type { SignedIn } from '@meridian/testing';
import {
  MAX_PENDING_PER_MESSAGE,
  TrackingBuffer,
} from '../src/modules/delivery/tracking/tracking-buffer.service';
import { type CampaignTestApp, startCampaignTestApp } from './support/campaign-test-app';
import { activity, outboxEvents, sentMessage, trackingPath } from './support/tracking-messages';

const CHROME =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Safari/605.1.15';

/** A flush only when asked or at shutdown: nothing is written behind the test's back. */
const flushedWhenAsked = (env: Record<string, string> = {}) =>
  startCampaignTestApp({ TRACKING_FLUSH_MS: '60000', TRACKING_FLUSH_ITEMS: '50000', ...env });

/** Writes that wait in the buffer: what audiences see of them, and what a graceful stop keeps. */
describe('TrackingBuffer', () => {
  let t: CampaignTestApp;
  let admin: SignedIn;

  beforeAll(async () => {
    t = await flushedWhenAsked();
    admin = await t.platform.newOrganisation();
  });

  afterAll(async () => {
    await t?.close();
  });

  const buffer = () => t.app.get(TrackingBuffer);

  it('counts human opens in audiences by default, and every open when the group asks for all', async () => {
    const person = await sentMessage(t, admin.organisation.id);
    const scanned = await sentMessage(t, admin.organisation.id);
    await t
      .http()
      .get(await trackingPath(t, { kind: 'open', messageId: person.messageId }))
      .set('user-agent', CHROME);
    await t
      .http()
      .get(await trackingPath(t, { kind: 'open', messageId: scanned.messageId }))
      .set('user-agent', 'Barracuda Sentinel (EE)');
    await buffer().flush();
    const { body } = await t.call(
      campaignCreateContract,
      { name: 'Openers', campaign_context: 'person' },
      admin,
    );
    const count = async (extra: AudienceItem[]) => {
      const opened: AudienceItem = {
        type: 'group',
        filter_type: 'marketing_activity',
        filter: 'opened',
        connector: '',
        children: [
          {
            type: 'filter',
            filter_type: 'marketing_activity',
            filter: 'frequency',
            operator: 'at_least',
            value: [1],
            connector: '',
          },
          ...extra,
        ],
      };
      const query = { conditions: [{ type: 'group', name: 'Group 1', connector: '', children: [opened] }] };
      const answer = await t
        .call(audienceCountContract, { campaign_id: body.campaign.campaign_id, query }, admin)
        .expect(200);
      return answer.body.count as number;
    };
    const row = (value: string): AudienceItem => ({
      type: 'filter',
      filter_type: 'marketing_activity',
      filter: 'engagement',
      operator: 'equals',
      value: [value],
      connector: 'and',
    });
    expect(await count([])).toBe(1);
    expect(await count([row('human')])).toBe(1);
    expect(await count([row('all')])).toBe(2);
    await t
      .call(
        audienceCountContract,
        {
          campaign_id: body.campaign.campaign_id,
          query: {
            conditions: [
              { type: 'group', name: 'G', connector: '', children: [{ ...row('nobody'), connector: '' }] },
            ],
          },
        },
        admin,
      )
      .expect(400);
  });

  it('writes what is waiting when the app closes gracefully', async () => {
    const sent = await sentMessage(t, admin.organisation.id);
    const open = await trackingPath(t, { kind: 'open', messageId: sent.messageId });
    const click = await trackingPath(t, { kind: 'click', messageId: sent.messageId, link: 0 });
    for (let i = 0; i < 5; i++) await t.http().get(open).set('user-agent', CHROME).expect(200);
    await t.http().get(click).set('user-agent', CHROME).expect(302);
    expect(buffer().size).toBe(6);
    expect(await activity(t, sent.personId)).toEqual([]);

    await t.app.close();

    expect(await outboxEvents(t, 'opened', sent.rfcMessageId)).toHaveLength(5);
    expect(await outboxEvents(t, 'clicked', sent.rfcMessageId)).toHaveLength(1);
    expect(await activity(t, sent.personId)).toHaveLength(6);
  });
});

/** A flood of pixel fetches faster than the database takes them cannot grow the process without bound. */
describe('TrackingBuffer when full', () => {
  let t: CampaignTestApp;
  let admin: SignedIn;

  beforeAll(async () => {
    t = await flushedWhenAsked({ TRACKING_MAX_PENDING: '4' });
    admin = await t.platform.newOrganisation();
  });

  afterAll(async () => {
    await t?.close();
  });

  it('answers every hit, keeps at most the limit waiting, and takes hits again once written', async () => {
    const buffer = t.app.get(TrackingBuffer);
    const sent = await sentMessage(t, admin.organisation.id);
    const open = await trackingPath(t, { kind: 'open', messageId: sent.messageId });
    const click = await trackingPath(t, { kind: 'click', messageId: sent.messageId, link: 0 });
    for (let i = 0; i < 5; i++) await t.http().get(open).set('user-agent', CHROME).expect(200);
    await t.http().get(click).set('user-agent', CHROME).expect(302);
    expect(buffer.size).toBe(4);

    await buffer.flush();
    expect(buffer.size).toBe(0);
    expect(await outboxEvents(t, 'opened', sent.rfcMessageId)).toHaveLength(4);
    expect(await outboxEvents(t, 'clicked', sent.rfcMessageId)).toHaveLength(0);

    await t.http().get(click).set('user-agent', CHROME).expect(302);
    await buffer.flush();
    expect(await outboxEvents(t, 'clicked', sent.rfcMessageId)).toHaveLength(1);
    expect(await activity(t, sent.personId)).toHaveLength(5);
  });
});

/** One message fetched over and over cannot take the room every organisation's hits share. */
describe('TrackingBuffer when crowded', () => {
  const MAX_PENDING = 2 * MAX_PENDING_PER_MESSAGE + 20;
  let t: CampaignTestApp;
  let admin: SignedIn;

  beforeAll(async () => {
    t = await flushedWhenAsked({ TRACKING_MAX_PENDING: String(MAX_PENDING) });
    admin = await t.platform.newOrganisation();
  });

  afterAll(async () => {
    await t?.close();
  });

  it('refuses more hits of a message that has many waiting once the buffer is half full, and keeps room for the others', async () => {
    const buffer = t.app.get(TrackingBuffer);
    const other = await t.platform.newOrganisation();
    const hammered = await sentMessage(t, admin.organisation.id);
    const theirs = await sentMessage(t, other.organisation.id);
    const open = await trackingPath(t, { kind: 'open', messageId: hammered.messageId });
    // Below half full every hit waits; from there on, this message's take no more room.
    for (let i = 0; i < MAX_PENDING; i++) await t.http().get(open).set('user-agent', CHROME).expect(200);
    expect(buffer.size).toBe(MAX_PENDING / 2);
    await t
      .http()
      .get(await trackingPath(t, { kind: 'open', messageId: theirs.messageId }))
      .set('user-agent', CHROME)
      .expect(200);
    expect(buffer.size).toBe(MAX_PENDING / 2 + 1);

    await buffer.flush();
    expect(await outboxEvents(t, 'opened', hammered.rfcMessageId)).toHaveLength(MAX_PENDING / 2);
    expect(await outboxEvents(t, 'opened', theirs.rfcMessageId)).toHaveLength(1);
    // Written, the message's hits wait again.
    await t.http().get(open).set('user-agent', CHROME).expect(200);
    expect(buffer.size).toBe(1);
  });
});
