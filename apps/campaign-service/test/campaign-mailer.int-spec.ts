import { emailEvents } from '@meridian/contracts';
import { type ReceivedMail, type SignedIn, type SmtpSink, startSmtpSink } from '@meridian/testing';
import {
  CAMPAIGN_MAILER,
  type CampaignMailer,
  type SendScope,
} from '../src/modules/campaigns/journey/campaign-mailer.port';
import { randomUUID } from 'node:crypto';
import { SendRateRepository } from '../src/modules/delivery/sending/send-rate.repository';
import { SendingRepository } from '../src/modules/delivery/sending/sending.repository';
import { verifyTrackingToken } from '../src/modules/delivery/tracking/tracking-tokens';
import { type CampaignTestApp, startCampaignTestApp } from './support/campaign-test-app';

const PUBLIC_BASE_URL = 'https://meridian.test';
const TRACK = `${PUBLIC_BASE_URL}/api/campaign/v1/t/`;

describe('CampaignMailerService', () => {
  let t: CampaignTestApp;
  let sink: SmtpSink;
  let mailer: CampaignMailer;
  let admin: SignedIn;
  let stranger: SignedIn;
  let templateId: string;
  let strangerTemplateId: string;
  /** Data answers per recipient, to play a mail server's faults. */
  const tempfails = new Map<string, number>();

  async function addPerson(who: SignedIn, email: string, firstName: string, unsubscribed = false) {
    const [row] = await t.sql<{ id: string }>(
      `INSERT INTO campaign.persons (organisation_id, email, first_name, unsubscribed) VALUES ($1, $2, $3, $4) RETURNING id`,
      [who.organisation.id, email, firstName, unsubscribed],
    );
    return { id: row!.id, email, unsubscribed, variables: {}, orgId: null };
  }

  async function addTemplate(who: SignedIn, name: string) {
    const [row] = await t.sql<{ id: string }>(
      `INSERT INTO campaign.email_templates (organisation_id, name, template_type, subject, content, from_email, reply_to)
       VALUES ($1, $2, 'advanced', $3, $4, $5, 'care@acme.test') RETURNING id`,
      [
        who.organisation.id,
        name,
        'Hello {{ person.first_name }}',
        '<html><body><p>Dear {{ person.first_name }},</p>' +
          '<a href="https://shop.test/sale?a=1&amp;b=2">Sale</a> <a href="https://shop.test/help">Help</a>' +
          '<a href="mailto:care@acme.test">Write</a> <a href="{{ unsubscribe_url }}">Unsubscribe</a></body></html>',
        { name: 'Acme News', email: 'news@Acme.test' },
      ],
    );
    return row!.id;
  }

  async function newRun(who: SignedIn, name: string): Promise<SendScope> {
    const [campaign] = await t.sql<{ id: string }>(
      `INSERT INTO campaign.campaigns (organisation_id, name, campaign_context) VALUES ($1, $2, 'person') RETURNING id`,
      [who.organisation.id, name],
    );
    const [run] = await t.sql<{ id: string }>(
      `INSERT INTO campaign.campaign_runs (organisation_id, campaign_id, campaign_version, run_type, slot_time, state)
       VALUES ($1, $2, 1, 'at_once', now(), 'processing') RETURNING id`,
      [who.organisation.id, campaign!.id],
    );
    return {
      organisationId: who.organisation.id,
      campaign: { id: campaign!.id, name, context: 'person' },
      runId: run!.id,
      actionId: 'send-1',
    };
  }

  const messages = (runId: string) =>
    t.sql<{
      id: string;
      person_id: string;
      status: string;
      reason: string | null;
      message_id: string;
      links: string[];
    }>(
      `SELECT id, person_id, status, reason, message_id, links FROM campaign.email_messages WHERE run_id = $1`,
      [runId],
    );
  const eventsOf = (runId: string) =>
    t.sql<{ name: string; payload: { person_id: string; reason?: string } }>(
      `SELECT name, payload FROM campaign.outbox WHERE payload->>'run_id' = $1 ORDER BY seq`,
      [runId],
    );
  const names = (events: { name: string }[]) => events.map((e) => e.name).sort();

  beforeAll(async () => {
    sink = await startSmtpSink({
      answer: ([to]) => {
        if (to?.startsWith('flaky')) {
          const left = tempfails.get(to) ?? 0;
          if (left > 0) {
            tempfails.set(to, left - 1);
            return { code: 451, message: 'Try again later' };
          }
        }
        if (to?.startsWith('reject')) return { code: 550, message: 'No such user' };
        if (to?.startsWith('cut')) return 'disconnect';
        return 'accept';
      },
    });
    t = await startCampaignTestApp({ SMTP_URL: sink.url, PUBLIC_BASE_URL, SEND_SMTP_CONNECTIONS: '2' });
    mailer = t.app.get<CampaignMailer>(CAMPAIGN_MAILER);
    admin = await t.platform.newOrganisation();
    stranger = await t.platform.newOrganisation();
    templateId = await addTemplate(admin, 'Spring sale');
    strangerTemplateId = await addTemplate(stranger, 'Secret');
  });

  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  afterEach(() => {
    expect(sink.unclaimed()).toEqual([]);
  });

  it('mails a batch personalised, links tracked, pixel, one-click headers and a deterministic Message-ID', async () => {
    const scope = await newRun(admin, 'Spring');
    const ann = await addPerson(admin, 'ann@customer.test', 'Ann');
    const bob = await addPerson(admin, 'bob@customer.test', 'Bob');
    const outcomes = await mailer.sendCampaignEmails(scope, { template_id: templateId }, [ann, bob]);
    expect(outcomes).toEqual([
      { personId: ann.id, orgId: null, status: 'sent', reason: null },
      { personId: bob.id, orgId: null, status: 'sent', reason: null },
    ]);
    const rows = await messages(scope.runId);
    const annRow = rows.find((r) => r.person_id === ann.id)!;
    expect(annRow.message_id).toBe(`<${annRow.id}@acme.test>`);
    expect(annRow.links).toEqual(['https://shop.test/sale?a=1&b=2', 'https://shop.test/help']);

    const mail: ReceivedMail = await sink.waitFor({ to: ann.email });
    await sink.waitFor({ to: bob.email, subject: 'Hello Bob' });
    expect(mail.subject).toBe('Hello Ann');
    expect(mail.from).toBe('news@acme.test');
    expect(mail.html).toContain('Dear Ann,');
    expect(mail.headers['message-id']).toBe(annRow.message_id);
    expect(mail.headers['reply-to']).toContain('care@acme.test');
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const unsubscribe = /^<(.+)>$/.exec(mail.headers['list-unsubscribe']!)![1]!;
    expect(unsubscribe.startsWith(`${TRACK}u/`)).toBe(true);

    const [key] = await t.sql<{ unsubscribe_key: Buffer }>(
      `SELECT unsubscribe_key FROM campaign.personalisation_keys`,
    );
    const token = (url: string) => verifyTrackingToken(key!.unsubscribe_key, url.split('/').pop()!);
    // The body's unsubscribe link is the header's URL; the shop links are signed clicks in order.
    const hrefs = [...mail.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!);
    expect(hrefs).toEqual([
      expect.stringMatching(`^${TRACK}c/`),
      expect.stringMatching(`^${TRACK}c/`),
      'mailto:care@acme.test',
      unsubscribe,
    ]);
    expect(hrefs.slice(0, 2).map(token)).toEqual([
      { kind: 'click', messageId: annRow.id, link: 0 },
      { kind: 'click', messageId: annRow.id, link: 1 },
    ]);
    expect(token(unsubscribe)).toEqual({ kind: 'unsubscribe', messageId: annRow.id });
    const pixel = /<img src="([^"]+)"/.exec(mail.html)![1]!;
    expect(token(pixel)).toEqual({ kind: 'open', messageId: annRow.id });

    expect(rows.map((r) => r.status)).toEqual(['sent', 'sent']);
    const events = await eventsOf(scope.runId);
    expect(names(events)).toEqual(
      names(
        [emailEvents.emailProcessed, emailEvents.emailSent, emailEvents.emailDelivered].flatMap((e) => [
          e,
          e,
        ]),
      ),
    );
    const [counts] = await t.sql(
      `SELECT count_processed, count_delivered, count_dropped FROM campaign.campaigns WHERE id = $1`,
      [scope.campaign.id],
    );
    expect(counts).toEqual({ count_processed: 2, count_delivered: 2, count_dropped: 0 });
    const activity = await t.sql<{ event: string; message_id: string }>(
      `SELECT event, message_id FROM campaign.person_marketing_activity WHERE person_id = $1 ORDER BY event`,
      [ann.id],
    );
    expect(activity).toEqual([
      { event: 'delivered', message_id: annRow.message_id },
      { event: 'sent', message_id: annRow.message_id },
    ]);

    // Again for the same persons: the outcomes they have, and nothing sent or published twice.
    const again = await mailer.sendCampaignEmails(scope, { template_id: templateId }, [ann, bob]);
    expect(again).toEqual(outcomes);
    expect(await eventsOf(scope.runId)).toHaveLength(events.length);
  });

  it('does not send to unsubscribed, suppressed or address-less persons, and says why', async () => {
    const scope = await newRun(admin, 'Skips');
    const gone = await addPerson(admin, 'gone@customer.test', 'Gone', true);
    const bounced = await addPerson(admin, 'Bounced@customer.test', 'Bounced');
    await t.sql(
      `INSERT INTO campaign.suppressions (organisation_id, email, reason) VALUES ($1, $2, 'bounce')`,
      [admin.organisation.id, 'bounced@customer.test'],
    );
    const empty = await addPerson(admin, '', 'Nobody');
    const outcomes = await mailer.sendCampaignEmails(scope, { template_id: templateId }, [
      gone,
      bounced,
      { ...empty, email: '' },
    ]);
    expect(outcomes).toEqual([
      { personId: gone.id, orgId: null, status: 'not_sent', reason: 'unsubscribed' },
      { personId: bounced.id, orgId: null, status: 'not_sent', reason: 'suppressed: bounce' },
      { personId: empty.id, orgId: null, status: 'not_sent', reason: 'no email address' },
    ]);
    const events = await eventsOf(scope.runId);
    expect(names(events)).toEqual(
      names([1, 2, 3].flatMap(() => [emailEvents.emailProcessed, emailEvents.emailNotSent])),
    );
    expect(
      events
        .filter((e) => e.name === emailEvents.emailNotSent.name)
        .map((e) => e.payload.reason)
        .sort(),
    ).toEqual(['no email address', 'suppressed: bounce', 'unsubscribed']);
    // The campaign list's 'Sent' leaves them out: processed, but not sent.
    const [counts] = await t.sql(
      `SELECT count_processed, count_not_sent FROM campaign.campaigns WHERE id = $1`,
      [scope.campaign.id],
    );
    expect(counts).toEqual({ count_processed: 3, count_not_sent: 3 });
  });

  it('retries a temporary failure, drops a permanent one, and never resends after a cut connection', async () => {
    const scope = await newRun(admin, 'Faults');
    const flaky = await addPerson(admin, 'flaky@customer.test', 'Flaky');
    const reject = await addPerson(admin, 'reject@customer.test', 'Reject');
    const cut = await addPerson(admin, 'cut@customer.test', 'Cut');
    tempfails.set(flaky.email, 2);
    const outcomes = await mailer.sendCampaignEmails(scope, { template_id: templateId }, [
      flaky,
      reject,
      cut,
    ]);
    expect(outcomes).toEqual([
      { personId: flaky.id, orgId: null, status: 'sent', reason: null },
      {
        personId: reject.id,
        orgId: null,
        status: 'dropped',
        reason: expect.stringMatching(/^rejected: .*550/),
      },
      {
        personId: cut.id,
        orgId: null,
        status: 'outcome_unknown',
        reason: expect.stringMatching(/^outcome unknown: /),
      },
    ]);
    expect(tempfails.get(flaky.email)).toBe(0);
    await sink.waitFor({ to: flaky.email });
    // The cut mail's data reached the server once, and was not tried again.
    expect(sink.dropped.filter((m) => m.to.includes(cut.email))).toHaveLength(1);
    const rows = await messages(scope.runId);
    expect(rows.map((r) => [r.person_id, r.status]).sort()).toEqual(
      [
        [flaky.id, 'sent'],
        [reject.id, 'dropped'],
        [cut.id, 'outcome_unknown'],
      ].sort(),
    );
    const dropped = (await eventsOf(scope.runId)).filter((e) => e.name === emailEvents.emailDropped.name);
    expect(dropped.map((e) => e.payload.person_id).sort()).toEqual([reject.id, cut.id].sort());
    const [counts] = await t.sql(
      `SELECT count_delivered, count_dropped FROM campaign.campaigns WHERE id = $1`,
      [scope.campaign.id],
    );
    expect(counts).toEqual({ count_delivered: 1, count_dropped: 2 });
  });

  it("cannot send another organisation's template, nor to its persons", async () => {
    const scope = await newRun(admin, 'Borrowed');
    const ann = await addPerson(admin, 'ann2@customer.test', 'Ann');
    const spy = await addPerson(stranger, 'spy@customer.test', 'Spy');
    const outcomes = await mailer.sendCampaignEmails(scope, { template_id: strangerTemplateId }, [ann, spy]);
    expect(outcomes).toEqual([
      {
        personId: ann.id,
        orgId: null,
        status: 'not_sent',
        reason: 'render failed: the email template no longer exists',
      },
      { personId: spy.id, orgId: null, status: 'not_sent', reason: 'the contact no longer exists' },
    ]);
    expect((await messages(scope.runId)).map((r) => r.person_id)).toEqual([ann.id]);
  });

  it('sends an internal alert rendered for the person to the step addresses, untracked', async () => {
    const scope = await newRun(admin, 'Alerts');
    const ann = await addPerson(admin, 'ann3@customer.test', 'Annette');
    const outcomes = await mailer.sendInternalAlerts(
      scope,
      { template_id: templateId, internal_emails: ['sales@acme.test'] },
      [ann],
    );
    expect(outcomes).toEqual([{ personId: ann.id, orgId: null, status: 'sent', reason: null }]);
    const alert = await sink.waitFor({ to: 'sales@acme.test' });
    expect(alert.subject).toBe('Hello Annette');
    expect(alert.html).toContain('href="https://shop.test/sale?a=1&amp;b=2"');
    expect(alert.html).not.toContain('/t/o/');
    expect(await messages(scope.runId)).toEqual([]);
  });

  it('does not send a mail whose personalisation fails, and says why', async () => {
    const scope = await newRun(admin, 'Broken');
    const [broken] = await t.sql<{ id: string }>(
      `INSERT INTO campaign.email_templates (organisation_id, name, template_type, subject, content)
       VALUES ($1, 'Broken', 'advanced', 'Hi', '<p>{% if %}</p>') RETURNING id`,
      [admin.organisation.id],
    );
    const fay = await addPerson(admin, 'fay@customer.test', 'Fay');
    const outcomes = await mailer.sendCampaignEmails(scope, { template_id: broken!.id }, [fay]);
    expect(outcomes).toEqual([
      {
        personId: fay.id,
        orgId: null,
        status: 'not_sent',
        reason: expect.stringMatching(/^render failed: content: /),
      },
    ]);
    expect(sink.unclaimed({ to: fay.email })).toEqual([]);
    const [counts] = await t.sql(
      `SELECT count_processed, count_not_sent FROM campaign.campaigns WHERE id = $1`,
      [scope.campaign.id],
    );
    expect(counts).toEqual({ count_processed: 1, count_not_sent: 1 });
  });

  it('stops at an abort before sending, and a later call sends what was left', async () => {
    const scope = await newRun(admin, 'Aborted');
    const eve = await addPerson(admin, 'eve@customer.test', 'Eve');
    const stopped = await mailer.sendCampaignEmails(
      scope,
      { template_id: templateId },
      [eve],
      AbortSignal.abort(),
    );
    expect(stopped).toEqual([]);
    expect(sink.unclaimed({ to: eve.email })).toEqual([]);
    const later = await mailer.sendCampaignEmails(scope, { template_id: templateId }, [eve]);
    expect(later).toEqual([{ personId: eve.id, orgId: null, status: 'sent', reason: null }]);
    await sink.waitFor({ to: eve.email });
    const events = (await eventsOf(scope.runId)).map((e) => e.name);
    expect(events.filter((n) => n === emailEvents.emailProcessed.name)).toHaveLength(1);
  });

  it('records as unknown a message another attempt claimed after this one found it queued, and does not send it', async () => {
    const scope = await newRun(admin, 'Taken over');
    const kept = await addPerson(admin, 'kept@customer.test', 'Kept');
    const taken = await addPerson(admin, 'taken@customer.test', 'Taken');
    // Messages made, nothing sent: both queued.
    expect(
      await mailer.sendCampaignEmails(scope, { template_id: templateId }, [kept, taken], AbortSignal.abort()),
    ).toEqual([]);
    // An attempt whose batch lost its transaction claims one of them just before this call does.
    const repository = t.app.get(SendingRepository);
    const claim = repository.claim.bind(repository);
    const spy = jest.spyOn(repository, 'claim').mockImplementationOnce(async (rows) => {
      await t.sql(
        `UPDATE campaign.email_messages SET status = 'sending', sending_since = now()
          WHERE run_id = $1 AND person_id = $2`,
        [scope.runId, taken.id],
      );
      return claim(rows);
    });
    try {
      const outcomes = await mailer.sendCampaignEmails(scope, { template_id: templateId }, [kept, taken]);
      expect(outcomes).toEqual([
        { personId: kept.id, orgId: null, status: 'sent', reason: null },
        { personId: taken.id, orgId: null, status: 'outcome_unknown', reason: 'interrupted while sending' },
      ]);
    } finally {
      spy.mockRestore();
    }
    await sink.waitFor({ to: kept.email });
    expect(sink.unclaimed({ to: taken.email })).toEqual([]);
    const rows = await messages(scope.runId);
    expect(rows.map((r) => [r.person_id, r.status]).sort()).toEqual(
      [
        [kept.id, 'sent'],
        [taken.id, 'outcome_unknown'],
      ].sort(),
    );
  });

  it('shares one send rate per organisation among concurrent senders; each organisation has its own', async () => {
    const buckets = t.app.get(SendRateRepository);
    const org = randomUUID();
    const other = randomUUID();
    const started = performance.now();
    // A full bucket holds one second of sending.
    const first = await buckets.take(org, 50, 80);
    const grants = await Promise.all(Array.from({ length: 10 }, () => buckets.take(org, 50, 50)));
    const elapsedSeconds = (performance.now() - started) / 1000;
    expect(first).toBe(50);
    // However many workers ask at once, together they get only what refilled meanwhile.
    const more = grants.reduce((sum, n) => sum + n, 0);
    expect(more).toBeLessThanOrEqual(Math.ceil(elapsedSeconds * 50) + 1);
    expect(await buckets.take(other, 50, 10)).toBe(10);
  });
});
