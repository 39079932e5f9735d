import type { AddressInfo } from 'node:net';
import { eventually, type SignedIn, type SmtpSink, startSmtpSink } from '@meridian/testing';
import { CAMPAIGN_MAILER, type CampaignMailer } from '../src/modules/campaigns/journey/campaign-mailer.port';
import { TrackingBuffer } from '../src/modules/delivery/tracking/tracking-buffer.service';
import { OrgEntries1771500000000 } from '../src/migrations/1771500000000-org-entries';
import { DataSource } from 'typeorm';
import { type CampaignTestApp, startCampaignTestApp } from './support/campaign-test-app';
import { chain, engineFixture, listStep, mailStep } from './support/engine-fixture';
import { orgEntryFixture, orgTierFlow, webhookPeer } from './support/org-entry-fixture';
import { outboxEvents } from './support/tracking-messages';

const PUBLIC_BASE_URL = 'https://meridian.test';
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';

/**
 * Org-context campaigns (spec 1: one email per Email+OrgID product user): a person who is a
 * product user of two orgs enters a run once per org, gets one message per org rendered with that
 * org's values, and each message is tracked on its own. Real engine, real mailer, SMTP sink.
 */
describe('org-context campaigns: one entry per person and org', () => {
  let sink: SmtpSink;
  let t: CampaignTestApp;
  let admin: SignedIn;
  let f: ReturnType<typeof engineFixture>;
  let templateId: string;
  const peer = webhookPeer();
  let o: ReturnType<typeof orgEntryFixture>;

  beforeAll(async () => {
    await new Promise<void>((done) => peer.server.listen(0, '127.0.0.1', done));
    sink = await startSmtpSink();
    t = await startCampaignTestApp({
      SMTP_URL: sink.url,
      PUBLIC_BASE_URL,
      RENDER_WORKERS: '1',
      OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
    });
    f = engineFixture(t);
    admin = await t.platform.newOrganisation();
    o = orgEntryFixture(t, f, admin, sink);
    await f.warmRenderPool(admin);
    const [row] = await t.sql<{ id: string }>(
      `INSERT INTO campaign.email_templates (organisation_id, name, template_type, subject, content)
       VALUES ($1, 'Org mail', 'advanced', 'x',
               '<p>Your account {{ person.org_id }}</p><a href="https://shop.test/{{ person.org_id }}">Open</a>')
       RETURNING id`,
      [admin.organisation.id],
    );
    templateId = row!.id;
    await t.sql(
      `INSERT INTO campaign.webhooks (organisation_id, webhook_id, name, method, url, payload, timeout)
       VALUES ($1, 'org-hook', 'Org hook', 'POST', $2, '{"email": "{{ person.email }}", "org": "{{ person.org_id }}"}', 30)`,
      [admin.organisation.id, `http://127.0.0.1:${(peer.server.address() as AddressInfo).port}/hook`],
    );
  });

  afterAll(async () => {
    await t?.close();
    await sink?.close();
    await new Promise((done) => peer.server.close(done));
  });

  afterEach(() => {
    expect(sink.unclaimed()).toEqual([]);
  });

  const person = (email: string, orgs: string[]) => o.person(email, orgs);
  const messagesOf = (runId: string) => o.messagesOf(runId);
  const entriesOf = (runId: string) => o.entriesOf(runId);

  const pathOf = (url: string) => url.slice(PUBLIC_BASE_URL.length);

  // First, while no person holds two entries of a run: the migration can still be undone.
  it('keeps a run in flight valid across the migration: its message is found, never sent again', async () => {
    const migration = new OrgEntries1771500000000();
    const runner = t.app.get(DataSource).createQueryRunner();
    const org = admin.organisation.id;
    try {
      await migration.down(runner);
      // The shape before: a paused org-context run whose entry already got its mail.
      const dana = await person('dana@in-flight.test', ['o-7']);
      const [campaign] = await t.sql<{ id: string }>(
        `INSERT INTO campaign.campaigns (organisation_id, name, campaign_context, active)
         VALUES ($1, 'In flight', 'org', false) RETURNING id`,
        [org],
      );
      const [run] = await t.sql<{ id: string }>(
        `INSERT INTO campaign.campaign_runs (organisation_id, campaign_id, campaign_version, run_type, slot_time, state)
         VALUES ($1, $2, 1, 'at_once', now(), 'processing') RETURNING id`,
        [org, campaign!.id],
      );
      await t.sql(
        `INSERT INTO campaign.run_persons (run_id, person_id, organisation_id, campaign_id, org_id, state, current_action_id)
         VALUES ($1, $2, $3, $4, 'o-7', 'active', 'mail')`,
        [run!.id, dana, org, campaign!.id],
      );
      await t.sql(
        `INSERT INTO campaign.email_messages (organisation_id, campaign_id, run_id, action_id, person_id, email, message_id, status)
         VALUES ($1, $2, $3, 'mail', $4, 'dana@in-flight.test', '<in-flight@acme.test>', 'sent')`,
        [org, campaign!.id, run!.id, dana],
      );
      await migration.up(runner);

      expect(
        await t.sql(`SELECT org_id, org_key FROM campaign.email_messages WHERE run_id = $1`, [run!.id]),
      ).toEqual([{ org_id: 'o-7', org_key: 'o-7' }]);
      // The entry resumes at its send step: the mailer finds the message it already has.
      const outcomes = await t.app.get<CampaignMailer>(CAMPAIGN_MAILER).sendCampaignEmails(
        {
          organisationId: org,
          campaign: { id: campaign!.id, name: 'In flight', context: 'org' },
          runId: run!.id,
          actionId: 'mail',
        },
        { template_id: templateId },
        [{ id: dana, email: 'dana@in-flight.test', unsubscribed: false, variables: {}, orgId: 'o-7' }],
      );
      expect(outcomes).toEqual([{ personId: dana, orgId: 'o-7', status: 'sent', reason: null }]);
      expect(await messagesOf(run!.id)).toHaveLength(1);
      // (Its state is the sweep's business: the campaign is inactive, so its run may be cancelled.)
      expect((await entriesOf(run!.id)).map((e) => [e.person_id, e.org_id])).toEqual([[dana, 'o-7']]);
    } finally {
      await runner.release();
    }
  });

  it('mails a person of two orgs twice, each with its org, and tracks each message apart', async () => {
    const ann = await person('ann@two-orgs.test', ['o-1', 'o-2']);
    const bob = await person('bob@two-orgs.test', ['o-1']);
    const list = await f.staticList(admin, 'Org mailed');
    const mail = { ...mailStep('mail', templateId) };
    mail.action_options = { ...mail.action_options, subject: 'News for {{ person.org_id }}' };
    const id = await o.orgCampaign('Org news', 'two-orgs.test', chain(mail, listStep('tag', list)), {
      rule: 'every_time',
    });

    const run = await f.settledRun(id);
    expect(run).toMatchObject({ state: 'finished', total_count: 3 });
    expect(await entriesOf(run.id)).toEqual(
      [
        { person_id: ann, org_id: 'o-1', state: 'completed' },
        { person_id: ann, org_id: 'o-2', state: 'completed' },
        { person_id: bob, org_id: 'o-1', state: 'completed' },
      ].sort((a, b) => (a.person_id < b.person_id ? -1 : a.person_id > b.person_id ? 1 : 0)),
    );
    // Person-level steps act once per person, whatever their entries.
    expect(await f.listMembers(list)).toEqual([ann, bob].sort());

    const rows = await messagesOf(run.id);
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.status === 'sent')).toBe(true);
    expect(new Set(rows.map((r) => r.message_id)).size).toBe(3);
    const annRows = new Map(rows.filter((r) => r.person_id === ann).map((r) => [r.org_id, r]));
    expect([...annRows.keys()].sort()).toEqual(['o-1', 'o-2']);

    const mails = await o.mailsTo(
      { email: 'ann@two-orgs.test', org: 'o-1' },
      { email: 'ann@two-orgs.test', org: 'o-2' },
      { email: 'bob@two-orgs.test', org: 'o-1' },
    );
    for (const org of ['o-1', 'o-2']) {
      const received = mails.get(`ann@two-orgs.test ${org}`)!;
      expect(received.html).toContain(`Your account ${org}`);
      expect(received.headers['message-id']).toBe(annRows.get(org)!.message_id);
    }

    // Ann opens her o-2 mail and clicks in her o-1 mail: each lands on its own message.
    const o1 = mails.get('ann@two-orgs.test o-1')!;
    const o2 = mails.get('ann@two-orgs.test o-2')!;
    const pixel = /<img src="([^"]+)"/.exec(o2.html)![1]!;
    await t.http().get(pathOf(pixel)).set('user-agent', CHROME).expect(200);
    const click = [...o1.html.matchAll(/href="([^"]+)"/g)]
      .map((m) => m[1]!)
      .find((h) => h.includes('/t/c/'))!;
    const redirect = await t.http().get(pathOf(click)).set('user-agent', CHROME).expect(302);
    expect(redirect.headers.location).toBe('https://shop.test/o-1');
    await t.app.get(TrackingBuffer).flush();

    const m1 = annRows.get('o-1')!;
    const m2 = annRows.get('o-2')!;
    await eventually(async () => (await outboxEvents(t, 'clicked', m1.message_id)).length === 1, {
      what: 'the click of the o-1 message',
    });
    const [clicked] = await outboxEvents(t, 'clicked', m1.message_id);
    expect(clicked!.payload).toMatchObject({ person_id: ann, org_id: 'o-1', url: 'https://shop.test/o-1' });
    const [opened] = await outboxEvents(t, 'opened', m2.message_id);
    expect(opened!.payload).toMatchObject({ person_id: ann, org_id: 'o-2' });
    expect(await outboxEvents(t, 'clicked', m2.message_id)).toEqual([]);
    const tracked = await t.sql<{ id: string; opened: boolean; clicked: boolean }>(
      `SELECT id, first_opened_at IS NOT NULL AS opened, first_clicked_at IS NOT NULL AS clicked
         FROM campaign.email_messages WHERE id = ANY($1::uuid[]) ORDER BY org_id`,
      [[m1.id, m2.id]],
    );
    // The click implies the open of its own message only.
    expect(tracked).toEqual([
      { id: m1.id, opened: true, clicked: true },
      { id: m2.id, opened: true, clicked: false },
    ]);

    // The send step again for the same entries (a batch retried): no second mail, same outcomes.
    const again = await t.app.get<CampaignMailer>(CAMPAIGN_MAILER).sendCampaignEmails(
      {
        organisationId: admin.organisation.id,
        campaign: { id, name: 'Org news', context: 'org' },
        runId: run.id,
        actionId: 'mail',
      },
      { template_id: templateId },
      ['o-1', 'o-2'].map((org) => ({
        id: ann,
        email: 'ann@two-orgs.test',
        unsubscribed: false,
        variables: {},
        orgId: org,
      })),
    );
    expect(again).toEqual([
      { personId: ann, orgId: 'o-1', status: 'sent', reason: null },
      { personId: ann, orgId: 'o-2', status: 'sent', reason: null },
    ]);
    expect(await messagesOf(run.id)).toHaveLength(3);

    // every_time: a second run enters every person and org again, with new messages.
    await f.publish(admin, id, {});
    const second = await f.settledRun(id, 2);
    expect(second).toMatchObject({ state: 'finished', total_count: 3 });
    const secondRows = await messagesOf(second.id);
    expect(secondRows.map((r) => [r.person_id, r.org_id])).toEqual(rows.map((r) => [r.person_id, r.org_id]));
    expect(secondRows.some((r) => rows.some((old) => old.message_id === r.message_id))).toBe(false);
    await o.mailsTo(
      { email: 'ann@two-orgs.test', org: 'o-1' },
      { email: 'ann@two-orgs.test', org: 'o-2' },
      { email: 'bob@two-orgs.test', org: 'o-1' },
    );
  });

  it("qualifies 'once' per person and org: a new org of a known person enters, nothing else", async () => {
    const cy = await person('cy@once-orgs.test', ['o-1', 'o-2']);
    const mail = { ...mailStep('mail', templateId) };
    mail.action_options = { ...mail.action_options, subject: 'News for {{ person.org_id }}' };
    const id = await o.orgCampaign('Org once', 'once-orgs.test', chain(mail), { rule: 'once' });
    expect(await f.settledRun(id)).toMatchObject({ state: 'finished', total_count: 2 });
    await o.mailsTo({ email: 'cy@once-orgs.test', org: 'o-1' }, { email: 'cy@once-orgs.test', org: 'o-2' });

    // Nobody new: the second run is skipped.
    await f.publish(admin, id, {});
    expect(await f.settledRun(id, 2)).toMatchObject({ state: 'skipped' });

    // Cy becomes a product user of a third org: only that entry qualifies.
    await o.addOrgs('cy@once-orgs.test', ['o-3']);
    await f.publish(admin, id, {});
    const third = await f.settledRun(id, 3);
    expect(third).toMatchObject({ state: 'finished', total_count: 1 });
    expect(await entriesOf(third.id)).toEqual([{ person_id: cy, org_id: 'o-3', state: 'completed' }]);
    const received = await sink.waitFor({ to: 'cy@once-orgs.test', subject: 'News for o-3' }, 90_000);
    expect(received.html).toContain('Your account o-3');
  });

  it('calls a webhook once per entry with its org, retrying each entry on its own', async () => {
    const eve = await person('eve@hook-orgs.test', ['o-1', 'o-2']);
    const hook = {
      action_id: 'call',
      action_type: 'webhook' as const,
      action_options: { webhook_id: 'org-hook' },
    };
    const id = await o.orgCampaign('Org hook', 'hook-orgs.test', chain(hook), { rule: 'once' });
    const run = await f.settledRun(id);
    expect(run).toMatchObject({ state: 'finished', total_count: 2 });
    // Each entry failed once (500), waited its backoff and succeeded: two calls per org.
    expect(peer.calls.get('eve@hook-orgs.test o-1')).toBe(2);
    expect(peer.calls.get('eve@hook-orgs.test o-2')).toBe(2);
    expect(await entriesOf(run.id)).toEqual([
      { person_id: eve, org_id: 'o-1', state: 'completed' },
      { person_id: eve, org_id: 'o-2', state: 'completed' },
    ]);
  });

  it("branches by a token rendered with each entry's org, both entries of one person in one batch", async () => {
    await t.sql(
      `INSERT INTO campaign.email_tokens (organisation_id, name, code, default_value, return_type)
       VALUES ($1, 'org_tier', '{% if person.org_id == "o-gold" %}gold{% else %}basic{% endif %}', 'basic', 'string')`,
      [admin.organisation.id],
    );
    const fay = await person('fay@tier-orgs.test', ['o-gold', 'o-plain']);
    const flow = orgTierFlow(templateId);
    const id = await o.orgCampaign('Org tiers', 'tier-orgs.test', flow, { rule: 'once' });
    const run = await f.settledRun(id);
    expect(run).toMatchObject({ state: 'finished', total_count: 2 });
    expect((await messagesOf(run.id)).map((m) => [m.person_id, m.org_id])).toEqual([[fay, 'o-gold']]);
    await o.mailsTo({ email: 'fay@tier-orgs.test', org: 'o-gold' });
  });
});
