import {
  campaignsListContract,
  events,
  personActivitiesContract,
  personCampaignMetricsContract,
  personEmailSentContract,
  personRemoveContract,
} from '@meridian/contracts';
import { EventPublisher } from '@meridian/server-kit';
import { eventually, type SignedIn } from '@meridian/testing';
import { DataSource } from 'typeorm';
import { type CampaignTestApp, startCampaignTestApp } from './support/campaign-test-app';

type Counts = Record<string, number>;

/** Every table the seed writes, counted for the demo organisation. */
async function counts(t: CampaignTestApp, organisationId: string): Promise<Counts> {
  const [row] = await t.sql<Counts>(
    `SELECT
       (SELECT count(*) FROM campaign.persons WHERE organisation_id = $1)::int AS persons,
       (SELECT count(*) FROM campaign.persons WHERE organisation_id = $1 AND unsubscribed)::int AS unsubscribed,
       (SELECT count(*) FROM campaign.person_fields WHERE organisation_id = $1 AND custom)::int AS custom_fields,
       (SELECT count(*) FROM campaign.person_org WHERE organisation_id = $1)::int AS product_users,
       (SELECT count(*) FROM campaign.person_product_activity WHERE organisation_id = $1)::int AS product_events,
       (SELECT count(*) FROM campaign.static_lists WHERE organisation_id = $1)::int AS static_lists,
       (SELECT count(*) FROM campaign.static_list_members WHERE organisation_id = $1)::int AS list_members,
       (SELECT count(*) FROM campaign.email_templates WHERE organisation_id = $1)::int AS templates,
       (SELECT count(*) FROM campaign.email_tokens WHERE organisation_id = $1)::int AS tokens,
       (SELECT count(*) FROM campaign.campaigns WHERE organisation_id = $1)::int AS campaigns,
       (SELECT count(*) FROM campaign.campaign_runs WHERE organisation_id = $1)::int AS runs,
       (SELECT count(*) FROM campaign.run_persons WHERE organisation_id = $1)::int AS run_persons,
       (SELECT count(*) FROM campaign.email_messages WHERE organisation_id = $1)::int AS messages,
       (SELECT count(*) FROM campaign.person_marketing_activity WHERE organisation_id = $1)::int AS activity,
       (SELECT count(*) FROM campaign.suppressions WHERE organisation_id = $1)::int AS suppressions,
       (SELECT count(*) FROM campaign.outbox WHERE payload ->> 'organisation_id' = $1::text
         AND name <> 'auth.organisation.created.v1')::int AS events`,
    [organisationId],
  );
  return row!;
}

describe('DemoSeedService', () => {
  let t: CampaignTestApp;
  let admin: SignedIn;
  let organisationId: string;

  /** Hands the app an organisationCreated for the demo domain, through its outbox and transport. */
  async function announceDemo(): Promise<string> {
    const publisher = t.app.get(EventPublisher);
    return t.app.get(DataSource).transaction((manager) =>
      publisher.publish(manager, events.organisationCreated, {
        organisation_id: organisationId,
        name: 'Demo Company',
        slug: 'demo-company',
        domain: 'demo.meridian.dev',
      }),
    );
  }

  const processed = async (eventId: string) =>
    (
      await t.sql(`SELECT 1 FROM campaign.processed_events WHERE consumer = 'demo-seed' AND event_id = $1`, [
        eventId,
      ])
    ).length === 1;

  beforeAll(async () => {
    t = await startCampaignTestApp();
    admin = await t.platform.newOrganisation();
    organisationId = admin.organisation.id;
    const eventId = await announceDemo();
    await eventually(() => processed(eventId), { what: 'the demo seed', timeoutMs: 180_000 });
  }, 240_000);

  afterAll(async () => {
    await t?.close();
  });

  it('generates contacts, product events, lists, templates, tokens and three campaigns', async () => {
    const c = await counts(t, organisationId);
    expect(c).toMatchObject({
      persons: 3000,
      custom_fields: 6,
      product_users: 3000,
      static_lists: 3,
      templates: 3,
      tokens: 2,
      campaigns: 3,
    });
    expect(c.product_events).toBeGreaterThan(3000);
    expect(c.list_members).toBeGreaterThan(1000);
    const [newsletter] = await t.sql<{ members: number; readers: number }>(
      `SELECT (SELECT count(*) FROM campaign.static_list_members m
                JOIN campaign.static_lists l ON l.id = m.static_list_id
                WHERE l.organisation_id = $1 AND l.name = 'Newsletter subscribers')::int AS members,
              (SELECT count(*) FROM campaign.persons
                WHERE organisation_id = $1 AND (custom_fields ->> 'newsletter')::boolean)::int AS readers`,
      [organisationId],
    );
    expect(newsletter!.members).toBe(newsletter!.readers);
    expect(newsletter!.members).toBeGreaterThan(0);
    const campaigns = await t.sql<{ name: string; draft: boolean; active: boolean }>(
      `SELECT name, draft, active FROM campaign.campaigns WHERE organisation_id = $1 ORDER BY name`,
      [organisationId],
    );
    expect(campaigns).toEqual([
      { name: 'Q4 webinar invitation', draft: true, active: false },
      { name: 'Trial onboarding', draft: false, active: false },
      { name: 'Weekly product digest', draft: false, active: true },
    ]);
    const [{ seconds }] = await t.sql<{ seconds: number }>(
      `SELECT duration_ms / 1000.0 AS seconds FROM campaign.demo_seeds WHERE organisation_id = $1`,
      [organisationId],
    );
    expect(Number(seconds)).toBeGreaterThan(0);
  });

  it('gives the weekly campaign finished runs with realistic sends, opens, clicks, bounces and unsubscribes', async () => {
    const runs = await t.sql<{ state: string; total_count: number; persons: number; waiting: number }>(
      `SELECT r.state, r.total_count,
         (SELECT count(*) FROM campaign.run_persons p WHERE p.run_id = r.id)::int AS persons,
         (SELECT count(*) FROM campaign.run_persons p WHERE p.run_id = r.id AND p.state <> 'completed')::int AS waiting
       FROM campaign.campaign_runs r JOIN campaign.campaigns c ON c.id = r.campaign_id
       WHERE c.organisation_id = $1 AND c.name = 'Weekly product digest'`,
      [organisationId],
    );
    expect(runs.length).toBeGreaterThanOrEqual(6);
    for (const run of runs) {
      expect(run).toMatchObject({ state: 'finished', waiting: 0 });
      expect(run.total_count).toBe(run.persons);
      expect(run.total_count).toBeGreaterThan(100);
    }

    const [m] = await t.sql<Counts>(
      `SELECT count(*) FILTER (WHERE status = 'sent')::int AS sent,
         count(*) FILTER (WHERE status = 'not_sent' AND reason = 'unsubscribed')::int AS not_sent_unsubscribed,
         count(*) FILTER (WHERE status = 'not_sent' AND reason = 'suppressed')::int AS not_sent_suppressed,
         count(delivered_at)::int AS delivered, count(bounced_at)::int AS bounced,
         count(first_opened_at)::int AS opened, count(first_clicked_at)::int AS clicked,
         count(unsubscribed_at)::int AS unsubscribed
       FROM campaign.email_messages WHERE organisation_id = $1`,
      [organisationId],
    );
    expect(m.delivered / m.sent).toBeGreaterThan(0.94);
    expect(m.delivered / m.sent).toBeLessThan(0.995);
    expect(m.opened / m.delivered).toBeGreaterThan(0.33);
    expect(m.opened / m.delivered).toBeLessThan(0.47);
    expect(m.clicked / m.opened).toBeGreaterThan(0.1);
    expect(m.clicked / m.opened).toBeLessThan(0.22);
    expect(m.bounced).toBeGreaterThan(0);
    expect(m.unsubscribed).toBeGreaterThan(0);
    expect(m.not_sent_unsubscribed).toBeGreaterThan(0);
    expect(m.not_sent_suppressed).toBeGreaterThan(0);

    const c = await counts(t, organisationId);
    expect(c.unsubscribed).toBe(m.unsubscribed);
    expect(c.suppressions).toBeGreaterThan(0);

    // The campaign list shows the history's counts.
    const list = await t.call(campaignsListContract, { page_size: 10, page_number: 1 }, admin).expect(200);
    const digest = list.body.records.find((r: { name: string }) => r.name === 'Weekly product digest');
    expect(digest.counts).toEqual({
      count_processed: c.messages,
      count_delivered: m.delivered,
      count_bounced: m.bounced,
      count_dropped: 0,
      count_not_sent: m.not_sent_unsubscribed + m.not_sent_suppressed,
      open_count: m.opened,
      total_count: runs.reduce((sum, r) => sum + r.total_count, 0),
    });
  });

  it('publishes the history as email, run and campaign events', async () => {
    const byName = new Map(
      (
        await t.sql<{ name: string; n: number }>(
          `SELECT name, count(*)::int AS n FROM campaign.outbox
           WHERE payload ->> 'organisation_id' = $1 GROUP BY name`,
          [organisationId],
        )
      ).map((r) => [r.name, r.n]),
    );
    const [m] = await t.sql<Counts>(
      `SELECT count(*)::int AS messages, count(delivered_at)::int AS delivered,
         count(first_clicked_at)::int AS clicked, count(unsubscribed_at)::int AS unsubscribed,
         (SELECT count(*) FROM campaign.campaign_runs WHERE organisation_id = $1)::int AS runs
       FROM campaign.email_messages WHERE organisation_id = $1`,
      [organisationId],
    );
    expect(byName.get(events.emailProcessed.name)).toBe(m.messages);
    expect(byName.get(events.emailDelivered.name)).toBe(m.delivered);
    expect(byName.get(events.emailClicked.name)).toBe(m.clicked);
    expect(byName.get(events.emailUnsubscribed.name)).toBe(m.unsubscribed);
    expect(byName.get(events.emailBounced.name)).toBeGreaterThan(0);
    expect(byName.get(events.emailNotSent.name)).toBeGreaterThan(0);
    expect(byName.get(events.emailOpened.name)).toBeGreaterThan(0);
    expect(byName.get(events.campaignRunChanged.name)).toBe(2 * m.runs);
    expect(byName.get(events.campaignChanged.name)).toBe(3);

    const agents = await t.sql<{ agent: string; human: boolean }>(
      `SELECT DISTINCT payload ->> 'user_agent' AS agent, (payload ->> 'human')::boolean AS human
       FROM campaign.outbox WHERE name = $1 AND payload ->> 'organisation_id' = $2`,
      [events.emailOpened.name, organisationId],
    );
    expect(agents.filter((a) => a.human).length).toBeGreaterThanOrEqual(5);
    expect(agents.some((a) => !a.human)).toBe(true);
  });

  it("answers a seeded contact's activity, campaign metrics and sent emails from the real sends", async () => {
    const [message] = await t.sql<{ person_id: string; message_id: string; url: string }>(
      `SELECT m.person_id, m.message_id, a.link AS url
       FROM campaign.email_messages m
       JOIN campaign.person_marketing_activity a ON a.message_id = m.message_id AND a.event = 'clicked'
       WHERE m.organisation_id = $1
         -- Some clickers of the seeded data set also unsubscribed from that mail: not this one.
         AND NOT EXISTS (SELECT 1 FROM campaign.person_marketing_activity u
                         WHERE u.message_id = m.message_id AND u.event = 'unsubscribed')
       ORDER BY m.created_at DESC LIMIT 1`,
      [organisationId],
    );
    const personId = message!.person_id;
    const activity = await t
      .call(personActivitiesContract, { person_id: personId, page_size: 100, page_number: 1 }, admin)
      .expect(200);
    const mine = activity.body.records.filter(
      (r: { correlation_id: string }) => r.correlation_id === message!.message_id,
    );
    expect(mine.map((r: { event: string }) => r.event).sort()).toEqual([
      'clicked',
      'delivered',
      'opened',
      'sent',
    ]);
    expect(mine[0]).toMatchObject({ campaign_name: 'Weekly product digest', context: 'person' });
    const [{ human }] = await t.sql<{ human: number }>(
      `SELECT count(*)::int AS human FROM campaign.person_marketing_activity WHERE person_id = $1 AND human`,
      [personId],
    );
    expect(activity.body.total_count).toBe(human);

    const metrics = await t
      .call(personCampaignMetricsContract, { person_id: personId, page_size: 100, page_number: 1 }, admin)
      .expect(200);
    const sent = metrics.body.records.find(
      (r: { correlation_id: string }) => r.correlation_id === message!.message_id,
    );
    expect(sent).toMatchObject({ unique_open_count: 1, unique_click_count_by_url: 1, urls: [message!.url] });

    const one = await t
      .call(personEmailSentContract, { person_id: personId, correlation_id: message!.message_id }, admin)
      .expect(200);
    expect(one.body.total_count).toBe(1);
    expect(one.body.records[0]).toMatchObject({ correlation_id: message!.message_id, error_text: null });

    const [skipped] = await t.sql<{ person_id: string; message_id: string; reason: string }>(
      `SELECT person_id, message_id, reason FROM campaign.email_messages
       WHERE organisation_id = $1 AND status = 'not_sent' LIMIT 1`,
      [organisationId],
    );
    const notSent = await t
      .call(
        personEmailSentContract,
        { person_id: skipped!.person_id, correlation_id: skipped!.message_id },
        admin,
      )
      .expect(200);
    expect(notSent.body.records[0]).toMatchObject({ reason: skipped!.reason, unique_open_count: 0 });
  });

  it('changes nothing when the organisation is announced again, keeping what the user changed', async () => {
    const [{ id, email }] = await t.sql<{ id: string; email: string }>(
      `SELECT id, email FROM campaign.persons WHERE organisation_id = $1 AND NOT unsubscribed LIMIT 1`,
      [organisationId],
    );
    await t.call(personRemoveContract, { contact_id: id, email }, admin).expect(200);
    const before = await counts(t, organisationId);
    const eventId = await announceDemo();
    await eventually(() => processed(eventId), { what: 'the second announcement', timeoutMs: 180_000 });
    expect(await counts(t, organisationId)).toEqual(before);
    expect(before.persons).toBe(2999);
    // The second announcement waits behind the seeded history in the outbox: 46 s on a loaded machine.
  }, 240_000);
});
