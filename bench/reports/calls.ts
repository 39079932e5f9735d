import {
  type Endpoint,
  type RecipientReportKind,
  reportCampaignsListContract,
  reportRecipientContracts,
  reportStatsAggregateContract,
  reportStatsListContract,
  reportTemplatesListContract,
  reportTopEmailClientClickContract,
  reportTopEmailClientOpenContract,
  reportTopLinkContract,
} from '@meridian/contracts';
import type { DataSource } from 'typeorm';
import { RecipientsRepository } from '../../apps/reports-service/src/modules/reports/recipients.repository';
import { ReportsRepository } from '../../apps/reports-service/src/modules/reports/reports.repository';
import { RECIPIENT_COUNT_CAP } from '../../apps/reports-service/src/modules/reports/reports.service';

export interface Statement {
  text: string;
  values: unknown[];
}

export interface BenchCall {
  name: string;
  contract: Endpoint;
  body: Record<string, unknown>;
  /** The statements the service runs for this call, captured from its own repositories. */
  statements: Statement[];
}

/** A stand-in database that records what the repositories ask, so the bench runs the same SQL. */
function recorder() {
  const statements: Statement[] = [];
  const db = {
    query: (text: string, values: unknown[] = []) => {
      statements.push({ text, values });
      return Promise.resolve([{}]);
    },
  } as unknown as DataSource;
  return { statements, reports: new ReportsRepository(db), recipients: new RecipientsRepository(db) };
}

const paging = { page_size: 10, page_number: 1 };

/** Every report call of the Reports tab on the big campaign, each with the SQL behind it. */
export async function benchCalls(organisationId: string, campaignId: string): Promise<BenchCall[]> {
  const filter = { campaign_id: campaignId, template_id: null, start_date: null, end_date: null, ...paging };
  const lastMonth = {
    ...filter,
    start_date: '2026-01-10T00:00:00.000Z',
    end_date: '2026-02-10T00:00:00.000Z',
  };
  const calls: BenchCall[] = [];
  const add = async (
    name: string,
    contract: Endpoint,
    body: Record<string, unknown>,
    run: (r: ReturnType<typeof recorder>) => Promise<unknown>,
    checked = true,
  ) => {
    const r = recorder();
    if (checked) await r.reports.campaignExists(organisationId, campaignId);
    await run(r);
    calls.push({ name, contract, body, statements: r.statements });
  };
  await add('stats.aggregate', reportStatsAggregateContract, { campaign_id: campaignId }, (r) =>
    r.reports.stats(filter),
  );
  await add(
    'stats.aggregate (a month)',
    reportStatsAggregateContract,
    {
      campaign_id: campaignId,
      start_date: lastMonth.start_date,
      end_date: lastMonth.end_date,
    },
    (r) => r.reports.stats(lastMonth),
  );
  await add(
    'stats.list',
    reportStatsListContract,
    { campaign_id: campaignId, show_non_empty_runs: true },
    (r) => r.reports.runs({ ...filter, show_non_empty_runs: true }),
  );
  await add('stats.top_link (5)', reportTopLinkContract, { campaign_id: campaignId, page_size: 5 }, (r) =>
    r.reports.topLinks({ ...filter, page_size: 5 }),
  );
  for (const [name, contract] of [
    ['stats.top_email_client.open', reportTopEmailClientOpenContract],
    ['stats.top_email_client.click', reportTopEmailClientClickContract],
  ] as const)
    await add(name, contract, { campaign_id: campaignId, page_size: 1000 }, (r) =>
      r.reports.emailClients({ ...filter, page_size: 1000 }),
    );
  for (const kind of [
    'recipient_engagement',
    'recipient_open',
    'recipient_click',
    'recipient_bounce',
  ] as RecipientReportKind[])
    await add(`stats.${kind}`, reportRecipientContracts[kind], { campaign_id: campaignId }, async (r) => {
      await r.recipients.page(kind, filter);
      await r.recipients.count(kind, filter, RECIPIENT_COUNT_CAP + 1);
    });
  await add('templates.list', reportTemplatesListContract, { campaign_id: campaignId }, (r) =>
    r.reports.templates(campaignId),
  );
  await add(
    'campaigns.list',
    reportCampaignsListContract,
    {},
    (r) => r.reports.campaigns(organisationId),
    false,
  );
  return calls;
}
