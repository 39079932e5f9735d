import { randomUUID } from 'node:crypto';
import {
  type Endpoint,
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
import { campaignEvents, UA } from './support/report-events';
import { type ReportsTestApp, startReportsTestApp } from './support/reports-test-app';

/** Every report call answers 404 for another organisation's campaign, however much it has sent. */
describe('reports-service tenant isolation', () => {
  let t: ReportsTestApp;
  let owner: SignedIn;
  let stranger: SignedIn;
  const campaignId = randomUUID();

  beforeAll(async () => {
    t = await startReportsTestApp();
    owner = await t.platform.newOrganisation();
    stranger = await t.platform.newOrganisation();
    const e = campaignEvents({
      organisation_id: owner.organisation.id,
      campaign_id: campaignId,
      campaign_name: 'Owned',
    });
    const run = randomUUID();
    const message = e.message(run, { id: randomUUID(), name: 'Owned template' }, 1);
    const at = '2026-03-01T10:00:00.000Z';
    await t.publish([
      e.run(run, at, 'finished', 1, at),
      e.email('emailProcessed', message, at),
      e.email('emailDelivered', message, at),
      e.opened(message, at, UA.gmail),
      e.clicked(message, at, 'https://example.com/owned', UA.gmail),
    ]);
    await t.settled();
  });

  afterAll(async () => {
    await t?.close();
  });

  const calls: [string, Endpoint][] = [
    ['stats.aggregate', reportStatsAggregateContract],
    ['stats.list', reportStatsListContract],
    ['stats.top_link', reportTopLinkContract],
    ['stats.top_email_client.open', reportTopEmailClientOpenContract],
    ['stats.top_email_client.click', reportTopEmailClientClickContract],
    ['templates.list', reportTemplatesListContract],
    ...Object.entries(reportRecipientContracts).map(([kind, c]): [string, Endpoint] => [`stats.${kind}`, c]),
  ];

  it.each(calls)('%s: the owner reads it, another organisation gets 404', async (_name, contract) => {
    await t.call(contract, { campaign_id: campaignId }, owner).expect(200);
    const response = await t.call(contract, { campaign_id: campaignId }, stranger).expect(404);
    expect(response.body).toMatchObject({
      status_code: 404,
      code: 'NotFoundException',
      description: reportMessages.campaignNotFound,
    });
  });

  it("campaigns.list shows only the caller's campaigns", async () => {
    const mine = await t.call(reportCampaignsListContract, {}, owner).expect(200);
    expect(mine.body.campaigns.map((c: { campaign_id: string }) => c.campaign_id)).toEqual([campaignId]);
    const theirs = await t.call(reportCampaignsListContract, {}, stranger).expect(200);
    expect(theirs.body.campaigns).toEqual([]);
  });
});
