import { randomUUID } from 'node:crypto';
import {
  type EventEnvelope,
  recipientReportKinds,
  reportCampaignsListContract,
  reportMessages,
  reportRecipientContracts,
  reportStatsAggregateContract,
  reportStatsListContract,
  reportTemplatesListContract,
  reportTopEmailClientClickContract,
  reportTopEmailClientOpenContract,
  reportTopLinkContract,
} from '@meridian/contracts';
import type { SignedIn } from '@meridian/testing';
import { campaignEvents, type TestMessage, UA } from './support/report-events';
import { type ReportsTestApp, startReportsTestApp } from './support/reports-test-app';

const URL_A = 'https://example.com/a';
const URL_B = 'https://example.com/b';
const T1 = { id: randomUUID(), name: 'Welcome' };
const T2 = { id: randomUUID(), name: 'Reminder' };
const R1 = randomUUID();
const R2 = randomUUID();
const day = (d: number, hm: string) => `2026-03-0${d}T${hm}:00.000Z`;

describe('ReportsController', () => {
  let t: ReportsTestApp;
  let admin: SignedIn;
  let stranger: SignedIn;
  let c1: string;
  let m: Record<'m1' | 'm2' | 'm3' | 'm4' | 'm5', TestMessage>;

  beforeAll(async () => {
    t = await startReportsTestApp();
    admin = await t.platform.newOrganisation();
    stranger = await t.platform.newOrganisation();
    c1 = randomUUID();
    const e = campaignEvents({
      organisation_id: admin.organisation.id,
      campaign_id: c1,
      campaign_name: 'Spring sale',
    });
    m = {
      m1: e.message(R1, T1, 1, day(1, '10:05')),
      m2: e.message(R1, T1, 2, day(1, '10:05')),
      m3: e.message(R1, T2, 3, day(1, '10:05')),
      m4: e.message(R1, T2, 4, day(1, '10:05')),
      m5: e.message(R1, T1, 5, day(1, '10:05')),
    };
    const sent = (x: TestMessage) => [
      e.email('emailProcessed', x, day(1, '10:05')),
      e.email('emailSent', x, day(1, '10:05')),
    ];
    const events: EventEnvelope[] = [
      e.run(R1, day(1, '10:00'), 'processing', 5, day(1, '10:00')),
      e.run(R1, day(1, '10:00'), 'finished', 5, day(1, '10:30')),
      // Arrives late, but is older than 'finished': it must not undo it.
      e.run(R1, day(1, '10:00'), 'scheduled', 0, day(1, '09:59')),
      e.run(R2, day(8, '10:00'), 'skipped', 0, day(8, '10:00')),
      ...sent(m.m1),
      e.email('emailDelivered', m.m1, day(1, '10:06')),
      // The same outcome told twice (two event ids): counted once.
      e.email('emailDelivered', m.m1, day(1, '10:07')),
      e.clicked(m.m1, day(1, '10:06'), URL_A, UA.scanner, false),
      e.opened(m.m1, day(2, '09:00'), UA.gmail),
      e.opened(m.m1, day(2, '09:10'), UA.gmail),
      e.clicked(m.m1, day(2, '09:30'), URL_A, UA.gmail),
      e.clicked(m.m1, day(2, '09:31'), URL_A, UA.gmail),
      e.clicked(m.m1, day(2, '09:32'), URL_B, UA.gmail),
      ...sent(m.m2),
      e.email('emailDelivered', m.m2, day(1, '10:06')),
      e.opened(m.m2, day(1, '10:07'), UA.scanner, false),
      e.opened(m.m2, day(2, '11:00'), UA.outlook),
      e.email('emailUnsubscribed', m.m2, day(3, '12:00')),
      ...sent(m.m3),
      e.email('emailBounced', m.m3, day(1, '10:06'), { bounce_type: 'hard', reason: 'mailbox unknown' }),
      e.email('emailNotSent', m.m4, day(1, '10:05'), { reason: 'unsubscribed' }),
      ...sent(m.m5),
      e.email('emailDelivered', m.m5, day(1, '10:06')),
      e.email('emailSpam', m.m5, day(3, '13:00')),
    ];
    await t.publish(events);
    await t.settled();
  });

  afterAll(async () => {
    await t?.close();
  });

  const call = (contract: Parameters<ReportsTestApp['call']>[0], body: object, who = admin) =>
    t.call(contract, { campaign_id: c1, ...body }, who);

  it('sums the campaign report stats, people apart from scanners', async () => {
    const { body } = await call(reportStatsAggregateContract, {}).expect(200);
    expect(body.stats).toEqual({
      total_count: 5,
      processed_count: 4,
      delivered_count: 3,
      bounce_count: 1,
      dropped_count: 0,
      spamreport_count: 1,
      not_sent_count: 1,
      unsub_count: 1,
      unique_open_count: 2,
      total_open_count: 3,
      unique_click_count_by_email: 1,
      total_click_count: 3,
      unique_click_count_by_url: 2,
      non_human_open_count: 1,
      non_human_click_count: 1,
    });
  });

  it("counts the mails sent in the period ('Sent in'), whenever their opens came, and under the template filter", async () => {
    // Sent on day 1; opened, clicked, unsubscribed from and reported on days 1 to 3.
    const sentDay1 = await call(reportStatsAggregateContract, {
      start_date: day(1, '00:00'),
      end_date: day(2, '00:00'),
    }).expect(200);
    expect(sentDay1.body.stats).toMatchObject({
      total_count: 5,
      processed_count: 4,
      delivered_count: 3,
      unique_open_count: 2,
      total_open_count: 3,
      total_click_count: 3,
      unique_click_count_by_url: 2,
      unsub_count: 1,
      spamreport_count: 1,
      non_human_open_count: 1,
      non_human_click_count: 1,
    });
    // Nothing was sent on day 2, so nothing of it counts there: no opens of 0 delivered.
    const sentDay2 = await call(reportStatsAggregateContract, {
      start_date: day(2, '00:00'),
      end_date: day(3, '00:00'),
    }).expect(200);
    expect(sentDay2.body.stats).toMatchObject({
      total_count: 0,
      processed_count: 0,
      delivered_count: 0,
      unique_open_count: 0,
      total_open_count: 0,
      total_click_count: 0,
      unsub_count: 0,
    });
    // Dates written without an offset (spec 9 appends 'T00:00' to days) are UTC: the same period.
    const local = await call(reportStatsAggregateContract, {
      start_date: '2026-03-01T00:00',
      end_date: '2026-03-02T00:00',
    }).expect(200);
    expect(local.body.stats).toEqual(sentDay1.body.stats);
    const template = await call(reportStatsAggregateContract, { template_id: T2.id }).expect(200);
    expect(template.body.stats).toMatchObject({
      processed_count: 1,
      delivered_count: 0,
      bounce_count: 1,
      not_sent_count: 1,
      unique_open_count: 0,
    });
  });

  it('takes a period to the whole hours it touches in every call, so the runs and recipients agree with Delivery Stats', async () => {
    // Run R1 started at 10:00 and its mails went at 10:05; the period starts and ends inside that hour.
    const period = { start_date: day(1, '10:10'), end_date: day(1, '10:50') };
    const stats = await call(reportStatsAggregateContract, period).expect(200);
    expect(stats.body.stats).toMatchObject({ total_count: 5, processed_count: 4, bounce_count: 1 });
    const runs = await call(reportStatsListContract, period).expect(200);
    expect(runs.body.records.map((r: { run_id: string }) => r.run_id)).toEqual([R1]);
    const bounced = await call(reportRecipientContracts.recipient_bounce, period).expect(200);
    expect(bounced.body.total_count).toBe(stats.body.stats.bounce_count);
    const opened = await call(reportRecipientContracts.recipient_open, period).expect(200);
    expect(opened.body.total_count).toBe(stats.body.stats.unique_open_count);
    // The hour after it holds nothing, in any call.
    const later = { start_date: day(1, '11:00'), end_date: day(1, '11:30') };
    expect((await call(reportStatsAggregateContract, later).expect(200)).body.stats.processed_count).toBe(0);
    expect((await call(reportStatsListContract, later).expect(200)).body.records).toEqual([]);
    expect(
      (await call(reportRecipientContracts.recipient_engagement, later).expect(200)).body.total_count,
    ).toBe(0);
  });

  it('lists past runs newest first, hides empty ones on request and pages them', async () => {
    const all = await call(reportStatsListContract, {}).expect(200);
    expect(all.body).toMatchObject({ total_count: 2, page_count: 1 });
    expect(all.body.records).toEqual([
      {
        run_id: R2,
        run_time: day(8, '10:00'),
        run_state: 'skipped',
        total_count: 0,
        delivered_count: 0,
        unique_open_count: 0,
        unique_click_count_by_email: 0,
        bounce_count: 0,
        unsub_count: 0,
      },
      {
        run_id: R1,
        run_time: day(1, '10:00'),
        run_state: 'finished',
        total_count: 5,
        delivered_count: 3,
        unique_open_count: 2,
        unique_click_count_by_email: 1,
        bounce_count: 1,
        unsub_count: 1,
      },
    ]);
    const nonEmpty = await call(reportStatsListContract, { show_non_empty_runs: true }).expect(200);
    expect(nonEmpty.body.records.map((r: { run_id: string }) => r.run_id)).toEqual([R1]);
    const second = await call(reportStatsListContract, { page_size: 1, page_number: 2 }).expect(200);
    expect(second.body).toMatchObject({ total_count: 2, page_count: 2, page_number: 2 });
    expect(second.body.records.map((r: { run_id: string }) => r.run_id)).toEqual([R1]);
  });

  it('ranks top links by people’s clicks and pages them', async () => {
    const { body } = await call(reportTopLinkContract, { page_size: 5 }).expect(200);
    expect(body).toMatchObject({ total_count: 2, page_count: 1 });
    expect(body.records).toEqual([
      { link: URL_A, total_click_count: 2, unique_click_count: 1 },
      { link: URL_B, total_click_count: 1, unique_click_count: 1 },
    ]);
    const second = await call(reportTopLinkContract, { page_size: 1, page_number: 2 }).expect(200);
    expect(second.body).toMatchObject({ total_count: 2, page_count: 2 });
    expect(second.body.records).toEqual([{ link: URL_B, total_click_count: 1, unique_click_count: 1 }]);
  });

  it('names the email clients of opens and clicks', async () => {
    const opens = await call(reportTopEmailClientOpenContract, { page_size: 1000 }).expect(200);
    expect(opens.body.records).toEqual([
      { email_client: 'Gmail', unique_open_count: 1, total_open_count: 2, unique_click_count_by_url: 2 },
      { email_client: 'Outlook', unique_open_count: 1, total_open_count: 1, unique_click_count_by_url: 0 },
    ]);
    const clicks = await call(reportTopEmailClientClickContract, { page_size: 1000 }).expect(200);
    expect(clicks.body.records).toEqual([
      { email_client: 'Gmail', unique_open_count: 1, total_open_count: 2, unique_click_count_by_url: 2 },
    ]);
  });

  it('lists the recipients of each tab with their engagement', async () => {
    const tab = async (kind: (typeof recipientReportKinds)[number], body: object = {}) =>
      (await call(reportRecipientContracts[kind], body).expect(200)).body;
    const open = await tab('recipient_open');
    expect(open.records.map((r: { message_id: string }) => r.message_id)).toEqual([
      m.m2.message_id,
      m.m1.message_id,
    ]);
    expect(open.records[1]).toEqual({
      person_id: m.m1.person_id,
      email: m.m1.email,
      org_id: null,
      message_id: m.m1.message_id,
      sent_date: day(1, '10:05'),
      event_time: day(2, '09:00'),
      unique_open_count: 1,
      total_open_count: 2,
      unique_click_count_by_url: 2,
      total_click_count: 3,
      urls: [URL_A, URL_B],
      reason: null,
      error_text: null,
      unsub_time: null,
    });
    const click = await tab('recipient_click');
    expect(click.records.map((r: { email: string; event_time: string }) => [r.email, r.event_time])).toEqual([
      [m.m1.email, day(2, '09:30')],
    ]);
    const bounce = await tab('recipient_bounce');
    expect(bounce.records).toEqual([
      expect.objectContaining({ email: m.m3.email, reason: 'hard', error_text: 'mailbox unknown' }),
    ]);
    const notSent = await tab('recipient_not_sent');
    expect(notSent.records).toEqual([expect.objectContaining({ email: m.m4.email, reason: 'unsubscribed' })]);
    const unsub = await tab('recipient_unsub');
    expect(unsub.records).toEqual([
      expect.objectContaining({ email: m.m2.email, unsub_time: day(3, '12:00') }),
    ]);
    const spam = await tab('recipient_spamreport');
    expect(spam.records).toEqual([
      expect.objectContaining({ email: m.m5.email, event_time: day(3, '13:00') }),
    ]);
    const all = await tab('recipient_engagement', { page_size: 2, page_number: 3 });
    expect(all).toMatchObject({ total_count: 5, page_count: 3, page_number: 3, total_capped: false });
    expect(all.records).toHaveLength(1);
    // A tab's period is when its mails were sent, as for the counts: the opens came on day 2.
    const sentDay1 = await tab('recipient_open', { start_date: day(1, '00:00'), end_date: day(2, '00:00') });
    expect(sentDay1.records.map((r: { email: string }) => r.email)).toEqual([m.m2.email, m.m1.email]);
    const sentDay2 = await tab('recipient_open', { start_date: day(2, '00:00'), end_date: day(3, '00:00') });
    expect(sentDay2.records).toEqual([]);
    const t2 = await tab('recipient_engagement', { template_id: T2.id });
    expect(t2.records.map((r: { email: string }) => r.email).sort()).toEqual([m.m3.email, m.m4.email]);
  });

  it('counts a big Recipients tab up to 10,000 and says so, but counts on for a page past it', async () => {
    const big = randomUUID();
    const e = campaignEvents({
      organisation_id: admin.organisation.id,
      campaign_id: big,
      campaign_name: 'Big',
    });
    await t.publish([e.changed('Big', false, day(6, '10:00'))]);
    await t.settled();
    await t.sql(
      `INSERT INTO reports.messages (message_id, organisation_id, campaign_id, run_id, action_id, person_id, email,
         campaign_context, created_at)
       SELECT 'big-' || g, $1, $2, gen_random_uuid(), 'send-1', gen_random_uuid(), 'p' || g || '@example.com', 'person',
         timestamptz '2026-03-06' + make_interval(secs => g)
       FROM generate_series(1, 10005) g`,
      [admin.organisation.id, big],
    );
    const first = await t
      .call(reportRecipientContracts.recipient_engagement, { campaign_id: big }, admin)
      .expect(200);
    expect(first.body).toMatchObject({ total_count: 10000, total_capped: true, page_count: 1001 });
    expect(first.body.records[0]).toMatchObject({ message_id: 'big-10005' });
    const last = await t
      .call(reportRecipientContracts.recipient_engagement, { campaign_id: big, page_number: 1001 }, admin)
      .expect(200);
    expect(last.body).toMatchObject({ total_count: 10005, total_capped: false, page_count: 1001 });
    expect(last.body.records.map((r: { message_id: string }) => r.message_id)).toEqual([
      'big-5',
      'big-4',
      'big-3',
      'big-2',
      'big-1',
    ]);
  });

  it('lists the templates the campaign sent', async () => {
    const { body } = await call(reportTemplatesListContract, {}).expect(200);
    expect(body.templates).toEqual([
      { template_id: T2.id, name: 'Reminder' },
      { template_id: T1.id, name: 'Welcome' },
    ]);
  });

  it('applies an event once however often the transport delivers it', async () => {
    // Rewinds the reports' read position: every delivered event comes again, as after a crash.
    await t.sql(`UPDATE events.consumer_offsets SET "offset" = 0 WHERE "group" LIKE 'reports.%'`);
    await t.settled();
    const { body } = await call(reportStatsAggregateContract, {}).expect(200);
    expect(body.stats).toMatchObject({
      processed_count: 4,
      delivered_count: 3,
      total_open_count: 3,
      total_click_count: 3,
    });
    const runs = await call(reportStatsListContract, {}).expect(200);
    expect(runs.body.records[1]).toMatchObject({ run_id: R1, run_state: 'finished' });
  });

  it('groups email clients under 3% into Others', async () => {
    const campaign = {
      organisation_id: admin.organisation.id,
      campaign_id: randomUUID(),
      campaign_name: 'Digest',
    };
    const e = campaignEvents(campaign);
    const run = randomUUID();
    const uas = [...Array<string>(38).fill(UA.gmail), UA.outlook, UA.thunderbird];
    await t.publish(uas.map((ua, i) => e.opened(e.message(run, T1, i), day(4, '09:00'), ua)));
    await t.settled();
    const { body } = await t
      .call(reportTopEmailClientOpenContract, { campaign_id: campaign.campaign_id, page_size: 1000 }, admin)
      .expect(200);
    expect(body.records).toEqual([
      { email_client: 'Gmail', unique_open_count: 38, total_open_count: 38, unique_click_count_by_url: 0 },
      {
        email_client: 'Others',
        unique_open_count: 2,
        total_open_count: 2,
        unique_click_count_by_url: 0,
        grouped_clients: ['Outlook', 'Thunderbird'],
      },
    ]);
  });

  it('counts a message clicked with its images blocked as opened, once, so clicks per open stay within 100%', async () => {
    const campaign = {
      organisation_id: admin.organisation.id,
      campaign_id: randomUUID(),
      campaign_name: 'Blocked',
    };
    const e = campaignEvents(campaign);
    const run = randomUUID();
    const [clickedOnly, scanned] = [e.message(run, T1, 1), e.message(run, T1, 2)];
    await t.publish([
      e.clicked(clickedOnly, day(5, '09:00'), URL_A, UA.gmail),
      e.clicked(clickedOnly, day(5, '09:01'), URL_B, UA.gmail),
      e.clicked(scanned, day(5, '09:00'), URL_A, UA.scanner, false),
    ]);
    await t.settled();
    const stats = async () =>
      (await t.call(reportStatsAggregateContract, { campaign_id: campaign.campaign_id }, admin).expect(200))
        .body.stats;
    expect(await stats()).toMatchObject({
      unique_open_count: 1,
      total_open_count: 0,
      unique_click_count_by_email: 1,
      non_human_click_count: 1,
    });
    // The open arrives after all (the images were loaded later): still one opened message.
    await t.publish([e.opened(clickedOnly, day(5, '09:30'), UA.gmail)]);
    await t.settled();
    expect(await stats()).toMatchObject({
      unique_open_count: 1,
      total_open_count: 1,
      unique_click_count_by_email: 1,
    });
  });

  it('knows campaigns by their latest name and forgets removed ones', async () => {
    const draft = campaignEvents({
      organisation_id: admin.organisation.id,
      campaign_id: randomUUID(),
      campaign_name: 'x',
    });
    const removedId = randomUUID();
    const removed = campaignEvents({
      organisation_id: admin.organisation.id,
      campaign_id: removedId,
      campaign_name: 'x',
    });
    await t.publish([
      draft.changed('Draft plan', false, day(5, '10:01')),
      // Older than the rename, delivered after it.
      draft.changed('Draft idea', false, day(5, '10:00')),
      removed.changed('Gone', false, day(5, '10:00')),
      removed.changed('Gone', true, day(5, '10:02')),
    ]);
    await t.settled();
    const { body } = await t.call(reportCampaignsListContract, {}, admin).expect(200);
    const names = body.campaigns.map((c: { name: string }) => c.name);
    expect(names).toContain('Draft plan');
    expect(names).not.toContain('Gone');
    expect(names).not.toContain('Draft idea');
    expect(body.campaigns[0]).toEqual({
      campaign_id: c1,
      name: 'Spring sale',
      last_run_time: day(8, '10:00'),
    });
    await t.call(reportStatsAggregateContract, { campaign_id: removedId }, admin).expect(404);
  });

  it('answers another organisation’s campaign, or an unknown one, as not found on every call', async () => {
    // tenant-isolation.int-spec.ts walks the calls with a campaign that has sent; this one also tries unknown ids.
    const contracts = [
      reportStatsAggregateContract,
      reportStatsListContract,
      reportTopLinkContract,
      reportTopEmailClientOpenContract,
      reportTopEmailClientClickContract,
      reportTemplatesListContract,
      ...Object.values(reportRecipientContracts),
    ];
    for (const contract of contracts) {
      for (const [who, campaign_id] of [
        [stranger, c1],
        [admin, randomUUID()],
      ] as const) {
        const response = await t.call(contract, { campaign_id }, who).expect(404);
        expect(response.body).toMatchObject({
          status_code: 404,
          description: reportMessages.campaignNotFound,
        });
      }
    }
    const list = await t.call(reportCampaignsListContract, {}, stranger).expect(200);
    expect(list.body.campaigns).toEqual([]);
  });

  it('refuses a period that ends before it starts, and a bad campaign id', async () => {
    const range = await call(reportStatsAggregateContract, {
      start_date: day(3, '00:00'),
      end_date: day(2, '00:00'),
    }).expect(400);
    expect(range.body).toMatchObject({
      code: 'ValidationException',
      fields: { end_date: [reportMessages.invalidRange] },
    });
    const id = await t.call(reportStatsAggregateContract, { campaign_id: 'nope' }, admin).expect(400);
    expect(id.body.fields).toEqual({ campaign_id: ['Invalid campaign id'] });
    // Year 0 parses in JavaScript but no database stores it: refused, not a 500.
    const yearZero = await call(reportStatsListContract, { start_date: '0000-01-01T00:00:00Z' }).expect(400);
    expect(yearZero.body.fields).toEqual({ start_date: ['Invalid date'] });
  });

  it('refuses a body that is not an object, also on a call that takes nothing', async () => {
    for (const body of [[], ['probe'], [{}]]) {
      const answer = await t.call(reportCampaignsListContract, body, admin).expect(400);
      expect(answer.body).toMatchObject({ code: 'ValidationException' });
    }
    await t.call(reportCampaignsListContract, {}, admin).expect(200);
  });
});
