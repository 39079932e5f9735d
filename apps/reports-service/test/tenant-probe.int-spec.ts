import { randomUUID } from 'node:crypto';
import { type AllowedAnswer, type SignedIn, tenantProbeSuite, uniqueSuffix } from '@meridian/testing';
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

let t: ReportsTestApp;

/**
 * Every reports route that takes an id, generated from the contracts: called as organisation B with
 * organisation A's campaign and template in its id slots, over reports built from real events.
 */
tenantProbeSuite('reports', {
  async start() {
    t = await startReportsTestApp();
    return {
      target: t.app.getHttpServer(),
      databaseUrl: t.db.url,
      newOrganisation: () => t.platform.newOrganisation(),
      close: () => t.close(),
    };
  },
  // A campaign that sent, was opened and clicked: one real id of each kind the routes take.
  async seed(who: SignedIn) {
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
  },
  settled: () => t.settled(),
  allow: ALLOWED,
  ownerReads: /\/(stats|templates)\./,
});
