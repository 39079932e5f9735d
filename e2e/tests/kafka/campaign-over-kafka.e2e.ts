import { reportStatsAggregateContract } from '@meridian/contracts';
import { type Consumer, Kafka, logLevel } from 'kafkajs';
import { callApi, DEMO_ADMIN, loginByApi, uniqueSuffix } from '../../support/api';
import { baseUrl } from '../../support/browser';
import { createMailCampaign, hrefs, type MailCampaign, waitUntil } from '../../support/mail-campaign';
import { type CapturedMail, openMailbox } from '../../support/mails';

// The platform with KAFKA_BROKERS set (the Kafka tier starts it so): a campaign runs, is opened,
// clicked and unsubscribed from, the reports service counts it from Kafka, and a consumer written
// here with plain kafkajs (no project code) follows the email events by the README's topic names
// and payloads. Without a broker (the browser tier) there is nothing to check.
const brokers = process.env.E2E_KAFKA_BROKERS;
const PEOPLE = 5;
const LINK = 'https://example.com/pricing';
const APPLE_MAIL = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_2) AppleWebKit/605.1.15 (KHTML, like Gecko)';
const TOPICS = [
  'campaign.email.processed.v1',
  'campaign.email.sent.v1',
  'campaign.email.opened.v1',
  'campaign.email.clicked.v1',
  'campaign.email.unsubscribed.v1',
  'campaign.run.changed.v1',
];

interface Consumed {
  topic: string;
  key: string;
  headers: Record<string, string>;
  payload: Record<string, unknown>;
}

(brokers ? describe : describe.skip)('a campaign over Kafka, followed by an outside consumer', () => {
  let token: string;
  let campaign: MailCampaign;
  let consumer: Consumer;
  const consumed: Consumed[] = [];
  const ofCampaign = (topic: string) =>
    consumed.filter((c) => c.topic === topic && c.payload.campaign_id === campaign.campaignId);

  beforeAll(async () => {
    token = await loginByApi(DEMO_ADMIN.email, DEMO_ADMIN.password);
    campaign = await createMailCampaign(token, { run: uniqueSuffix(), people: PEOPLE, links: [LINK] });
    const kafka = new Kafka({
      clientId: 'outside-consumer',
      brokers: brokers!.split(','),
      logLevel: logLevel.NOTHING,
    });
    const admin = kafka.admin();
    await admin.connect();
    // The platform creates its topics when it first publishes or subscribes; make sure they exist.
    await admin.createTopics({ topics: TOPICS.map((topic) => ({ topic })), waitForLeaders: true });
    await admin.disconnect();
    consumer = kafka.consumer({ groupId: `outside-${uniqueSuffix()}` });
    await consumer.connect();
    await consumer.subscribe({ topics: TOPICS, fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ topic, message }) => {
        const headers = Object.fromEntries(
          Object.entries(message.headers ?? {}).map(([name, value]) => [name, String(value)]),
        );
        consumed.push({
          topic,
          key: message.key?.toString() ?? '',
          headers,
          payload: JSON.parse(message.value?.toString() ?? '{}') as Record<string, unknown>,
        });
      },
    });
  }, 180_000);

  afterAll(async () => {
    await consumer?.disconnect();
  });

  it('sends, tracks and reports the run, and the email events reach an outside consumer', async () => {
    const boxes = await Promise.all(
      Array.from({ length: PEOPLE }, (_, i) => openMailbox(campaign.address(i))),
    );
    await campaign.publish();
    const mails: CapturedMail[] = [];
    for (const box of boxes) mails.push(await box.next({ timeoutMs: 180_000 }));

    // Two open (as Apple Mail), one of them clicks well after the send, a third unsubscribes.
    for (const mail of mails.slice(0, 2)) {
      const pixel = hrefs(mail).find((l) => l.includes('/t/o/'))!;
      await fetch(new URL(pixel, baseUrl), { headers: { 'user-agent': APPLE_MAIL } });
    }
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    const click = hrefs(mails[0]!).find((l) => l.includes('/t/c/'))!;
    const clicked = await fetch(new URL(click, baseUrl), {
      redirect: 'manual',
      headers: { 'user-agent': APPLE_MAIL },
    });
    expect(clicked.headers.get('location')).toBe(LINK);
    const unsubscribe = mails[2]!.headers!['list-unsubscribe']!.slice(1, -1);
    const unsubscribed = await fetch(unsubscribe, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(unsubscribed.status).toBe(200);

    // The reports service counted it all from Kafka.
    await waitUntil(
      async () => {
        const answer = await callApi(
          reportStatsAggregateContract,
          { campaign_id: campaign.campaignId },
          token,
        );
        const stats = (answer.body as { stats?: Record<string, number> }).stats;
        return stats?.unique_open_count === 2 && stats.total_click_count === 1 && stats.unsub_count === 1;
      },
      'the reports to count the opens, the click and the unsubscribe',
      180_000,
    );

    // And so did a consumer that knows only the documented topics and payloads.
    await waitUntil(
      async () =>
        ofCampaign('campaign.email.sent.v1').length === PEOPLE &&
        ofCampaign('campaign.email.opened.v1').length >= 2 &&
        ofCampaign('campaign.email.clicked.v1').length === 1 &&
        ofCampaign('campaign.email.unsubscribed.v1').length === 1,
      'the outside consumer to see the email events',
      180_000,
    );
    const sent = ofCampaign('campaign.email.sent.v1');
    expect(new Set(sent.map((c) => c.payload.email))).toEqual(
      new Set(Array.from({ length: PEOPLE }, (_, i) => campaign.address(i))),
    );
    expect(ofCampaign('campaign.email.processed.v1')).toHaveLength(PEOPLE);
    for (const event of consumed.filter((c) => c.payload.campaign_id === campaign.campaignId)) {
      expect(event.headers['event-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(Number.isNaN(Date.parse(event.headers['occurred-at'] ?? ''))).toBe(false);
    }
    for (const event of sent) {
      // Keyed by the message, so one message's events arrive in order.
      expect(event.key).toBe(event.payload.message_id);
      expect(event.payload).toEqual(
        expect.objectContaining({
          organisation_id: expect.any(String),
          run_id: expect.any(String),
          person_id: expect.any(String),
          message_id: expect.stringMatching(/^<[^@>]+@[^>]+>$/),
          occurred_at: expect.any(String),
        }),
      );
    }
    const [clickEvent] = ofCampaign('campaign.email.clicked.v1');
    expect(clickEvent!.payload).toEqual(expect.objectContaining({ url: LINK, human: true }));
    expect(ofCampaign('campaign.email.opened.v1').every((c) => c.payload.human === true)).toBe(true);
    expect(ofCampaign('campaign.email.unsubscribed.v1')[0]!.payload.email).toBe(campaign.address(2));
    const runStates = ofCampaign('campaign.run.changed.v1').map((c) => c.payload.run_state);
    expect(runStates).toContain('finished');
  }, 600_000);
});
