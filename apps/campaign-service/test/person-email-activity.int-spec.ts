import {
  personActivitiesContract,
  personCampaignMetricsContract,
  personCreateContract,
  personEmailSentContract,
} from '@meridian/contracts';
import type { SignedIn } from '@meridian/testing';
import { type CampaignTestApp, startCampaignTestApp } from './support/campaign-test-app';

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
const LINKS = ['https://acme.example/a', 'https://acme.example/b', 'https://acme.example/c'];

describe('person email activity on real sends', () => {
  let t: CampaignTestApp;
  let admin: SignedIn;
  let stranger: SignedIn;
  let personId: string;
  const ids = { delivered: '<m1@acme.example>', skipped: '<m2@acme.example>', bounced: '<m3@acme.example>' };

  beforeAll(async () => {
    t = await startCampaignTestApp();
    [admin, stranger] = await Promise.all([t.platform.newOrganisation(), t.platform.newOrganisation()]);
    const created = await t.call(personCreateContract, { email: 'ada@acme.example' }, admin).expect(200);
    personId = created.body.person_id as string;
    const org = admin.organisation.id;
    const [campaign] = await t.sql<{ id: string }>(
      `INSERT INTO campaign.campaigns (organisation_id, name, campaign_context) VALUES ($1, 'Digest', 'person')
       RETURNING id`,
      [org],
    );
    const [run] = await t.sql<{ id: string }>(
      `INSERT INTO campaign.campaign_runs (organisation_id, campaign_id, campaign_version, run_type, slot_time, state)
       VALUES ($1, $2, 1, 'recurring', now() - interval '10 days', 'finished') RETURNING id`,
      [org, campaign!.id],
    );
    const message = (action: string, messageId: string, fields: string, values: unknown[]) =>
      t.sql(
        `INSERT INTO campaign.email_messages (organisation_id, campaign_id, run_id, action_id, person_id, email,
           message_id, links, ${fields})
         VALUES ($1, $2, $3, $4, $5, 'ada@acme.example', $6, $7, ${values.map((_, i) => `$${i + 8}`).join(', ')})`,
        [org, campaign!.id, run!.id, action, personId, messageId, JSON.stringify(LINKS), ...values],
      );
    await message(
      'a1',
      ids.delivered,
      'status, subject, created_at, sent_at, delivered_at, first_opened_at',
      ['sent', 'Your weekly digest', daysAgo(3), daysAgo(3), daysAgo(3), daysAgo(2.9)],
    );
    await message('a2', ids.skipped, 'status, reason, created_at', ['not_sent', 'unsubscribed', daysAgo(1)]);
    await message('a3', ids.bounced, 'status, reason, created_at, sent_at, bounced_at', [
      'sent',
      '550 5.1.1 no such user',
      daysAgo(10),
      daysAgo(10),
      daysAgo(10),
    ]);
    // The person's engagement, and a gateway's opens and clicks that are not theirs.
    const activity: [string, string, number, string | null, boolean][] = [
      ['sent', ids.delivered, 3, null, true],
      ['delivered', ids.delivered, 2.999, null, true],
      ['opened', ids.delivered, 2.99, null, false],
      ['clicked', ids.delivered, 2.99, LINKS[2]!, false],
      ['opened', ids.delivered, 2.9, null, true],
      ['opened', ids.delivered, 2.81, null, true],
      ['clicked', ids.delivered, 2.8, LINKS[1]!, true],
      ['clicked', ids.delivered, 2.7, LINKS[0]!, true],
      ['clicked', ids.delivered, 2.6, LINKS[1]!, true],
      ['sent', ids.bounced, 10, null, true],
      ['bounced', ids.bounced, 9.999, null, true],
    ];
    await t.sql(
      `INSERT INTO campaign.person_marketing_activity (organisation_id, person_id, event, occurred_at,
         campaign_name, template_name, context, message_id, link, human)
       SELECT $1, $2, a.event, now() - a.days * interval '1 day', 'Digest', 'Weekly', 'person', a.message_id,
         a.link, a.human
       FROM unnest($3::text[], $4::text[], $5::float8[], $6::text[], $7::boolean[])
         AS a(event, message_id, days, link, human)`,
      [
        org,
        personId,
        activity.map((a) => a[0]),
        activity.map((a) => a[1]),
        activity.map((a) => a[2]),
        activity.map((a) => a[3]),
        activity.map((a) => a[4]),
      ],
    );
    // The old table is no longer read.
    await t.sql(
      `INSERT INTO campaign.person_email_activity (organisation_id, person_id, email, sent_date)
       VALUES ($1, $2, 'ada@acme.example', now())`,
      [org, personId],
    );
  });

  afterAll(async () => {
    await t?.close();
  });

  const page = { page_size: 50, page_number: 1 };

  it("lists the person's own email events newest first, without a gateway's opens and clicks", async () => {
    const { body } = await t
      .call(personActivitiesContract, { ...page, person_id: personId, activity_type: 'marketing' }, admin)
      .expect(200);
    expect(body.total_count).toBe(9);
    expect(body.records.map((r: { event: string }) => r.event)).toEqual([
      'clicked',
      'clicked',
      'clicked',
      'opened',
      'opened',
      'delivered',
      'sent',
      'bounced',
      'sent',
    ]);
    expect(body.records[0]).toMatchObject({
      campaign_name: 'Digest',
      template_name: 'Weekly',
      context: 'person',
      correlation_id: ids.delivered,
    });
  });

  it('answers one row per message with human opens, distinct links clicked and why it was not delivered', async () => {
    const { body } = await t
      .call(personCampaignMetricsContract, { ...page, person_id: personId }, admin)
      .expect(200);
    expect(body.total_count).toBe(3);
    const [skipped, delivered, bounced] = body.records;
    expect(skipped).toMatchObject({
      campaign_name: 'Digest',
      subject: null,
      correlation_id: ids.skipped,
      unique_open_count: 0,
      unique_click_count_by_url: 0,
      urls: [],
      reason: 'unsubscribed',
      error_text: null,
    });
    expect(delivered).toMatchObject({
      email: 'ada@acme.example',
      campaign_name: 'Digest',
      subject: 'Your weekly digest',
      correlation_id: ids.delivered,
      unique_open_count: 1,
      unique_click_count_by_url: 2,
      reason: null,
      error_text: null,
      unsub_time: null,
    });
    expect([...delivered.urls].sort()).toEqual([LINKS[0], LINKS[1]]);
    expect(bounced).toMatchObject({
      correlation_id: ids.bounced,
      reason: 'bounced',
      error_text: '550 5.1.1 no such user',
    });

    const recent = await t
      .call(personCampaignMetricsContract, { ...page, person_id: personId, start_time: daysAgo(5) }, admin)
      .expect(200);
    expect(recent.body.records.map((r: { correlation_id: string }) => r.correlation_id)).toEqual([
      ids.skipped,
      ids.delivered,
    ]);
    const older = await t
      .call(personCampaignMetricsContract, { ...page, person_id: personId, end_time: daysAgo(5) }, admin)
      .expect(200);
    expect(older.body.records.map((r: { correlation_id: string }) => r.correlation_id)).toEqual([
      ids.bounced,
    ]);
    // Any ISO 8601 offset (Postgres refuses one past +15:59 as written) and a time with none (UTC).
    const farOffset = await t
      .call(
        personCampaignMetricsContract,
        {
          ...page,
          person_id: personId,
          end_time: '6892-02-29T15:15:13+23:36',
          start_time: '2000-01-01T00:00',
        },
        admin,
      )
      .expect(200);
    expect(farOffset.body.total_count).toBe(3);

    const reversed = await t
      .call(
        personCampaignMetricsContract,
        { ...page, person_id: personId, start_time: daysAgo(1), end_time: daysAgo(5) },
        admin,
      )
      .expect(400);
    expect(reversed.body.fields).toEqual({ end_time: ['End time must be after the start time'] });
  });

  it('finds one sent email by its Message-ID', async () => {
    const { body } = await t
      .call(personEmailSentContract, { person_id: personId, correlation_id: ids.delivered }, admin)
      .expect(200);
    expect(body.total_count).toBe(1);
    expect(body.records[0]).toMatchObject({ correlation_id: ids.delivered, unique_open_count: 1 });
  });

  it("answers another organisation's person as not found", async () => {
    for (const contract of [
      personActivitiesContract,
      personCampaignMetricsContract,
      personEmailSentContract,
    ]) {
      await t.call(contract, { person_id: personId }, stranger).expect(404);
    }
  });
});
