import { randomUUID } from 'node:crypto';
import {
  type AllowedAnswer,
  expectIsolated,
  type IdsByKind,
  ownerDigest,
  probeTenantIsolation,
  type SignedIn,
  uniqueSuffix,
} from '@meridian/testing';
import { campaignEvents, UA } from './support/report-events';
import { type ReportsTestApp, startReportsTestApp } from './support/reports-test-app';

/**
 * Answers other than 404 the spec gives when another organisation's id is in a slot. The
 * template is a filter of the campaign named beside it: with the caller's own campaign another
 * organisation's template matches none of its messages (the body is searched for the owner's data).
 */
const ALLOWED: AllowedAnswer[] = [
  'stats.aggregate',
  'stats.list',
  'stats.recipient_bounce',
  'stats.recipient_click',
  'stats.recipient_engagement',
  'stats.recipient_not_sent',
  'stats.recipient_open',
  'stats.recipient_spamreport',
  'stats.recipient_unsub',
  'stats.top_email_client.click',
  'stats.top_email_client.open',
  'stats.top_link',
].map((name) => ({
  route: `POST /campaigns/reports/${name}`,
  slot: 'template_id',
  status: 200,
  why: "a template filter narrows the caller's own campaign",
}));

/**
 * Every reports route that takes an id, generated from the contracts: called as organisation B with
 * organisation A's campaign and template in its id slots, over reports built from real events.
 */
describe('reports-service tenant isolation, generated from the contracts', () => {
  let t: ReportsTestApp;
  let digest: Awaited<ReturnType<typeof ownerDigest>>;

  beforeAll(async () => {
    t = await startReportsTestApp();
  });

  afterAll(async () => {
    await digest?.close();
    await t?.close();
  });

  /** A campaign that sent, was opened and clicked: one real id of each kind the routes take. */
  async function seed(who: SignedIn): Promise<{ ids: IdsByKind; texts: string[] }> {
    const mark = `owned${uniqueSuffix()}`;
    const campaignId = randomUUID();
    const template = { id: randomUUID(), name: `${mark} template` };
    const e = campaignEvents({
      organisation_id: who.organisation.id,
      campaign_id: campaignId,
      campaign_name: `${mark} campaign`,
    });
    const run = randomUUID();
    const message = e.message(run, template, 1);
    const at = new Date(Date.now() - 3_600_000).toISOString();
    await t.publish([
      e.run(run, at, 'finished', 1, at),
      e.email('emailProcessed', message, at),
      e.email('emailDelivered', message, at),
      e.opened(message, at, UA.gmail),
      e.clicked(message, at, `https://example.com/${mark}`, UA.gmail),
    ]);
    return { ids: { campaign: [campaignId], template: [template.id] }, texts: [mark, who.email] };
  }

  it('answers 404 to every id of another organisation, shows none of its data and changes none of it', async () => {
    const [owner, stranger] = [await t.platform.newOrganisation(), await t.platform.newOrganisation()];
    const [a, b] = [await seed(owner), await seed(stranger)];
    await t.settled();
    digest = await ownerDigest(t.db.url, 'reports', owner.organisation.id);
    const report = await probeTenantIsolation({
      service: 'reports',
      target: t.app.getHttpServer(),
      owner: { ...a, bearer: owner.bearer },
      stranger: { bearer: stranger.bearer, ids: b.ids },
      allow: ALLOWED,
      digest: digest.digest,
      ownerReads: /\/(stats|templates)\./,
    });
    expectIsolated(report);
  }, 300_000);
});
