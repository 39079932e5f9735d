import { createServer } from 'node:http';
import { campaignCreateContract, type Flow, FLOW_ROOT } from '@meridian/contracts';
import type { ReceivedMail, SignedIn, SmtpSink } from '@meridian/testing';
import type { CampaignTestApp } from './campaign-test-app';
import { audienceOf, type engineFixture, mailStep } from './engine-fixture';

export interface OrgMessageRow {
  id: string;
  person_id: string;
  org_id: string | null;
  message_id: string;
  status: string;
}

/**
 * A webhook peer for org-context steps: calls counted by "email org" of their JSON payload; the
 * first call of each is answered 500, the next ones 200.
 */
export function webhookPeer() {
  const calls = new Map<string, number>();
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const { email, org } = JSON.parse(body || '{}') as { email?: string; org?: string };
      const n = (calls.get(`${email} ${org}`) ?? 0) + 1;
      calls.set(`${email} ${org}`, n);
      res.statusCode = n === 1 ? 500 : 200;
      res.end('{}');
    });
  });
  return { server, calls };
}

/**
 * A branch by the saved token 'org_tier' (gold for one org, basic otherwise): gold entries get
 * a mail whose subject names their org ('News for {org}'), basic ones end.
 */
export function orgTierFlow(templateId: string): Flow {
  const mail = { ...mailStep('mail', templateId), branch_id: 'gold', is_deleted: false };
  mail.action_options = { ...mail.action_options, subject: 'News for {{ person.org_id }}' };
  return {
    nodes: [
      {
        action_id: 'by-tier',
        action_type: 'branch_by_token',
        is_deleted: false,
        action_options: {
          token: 'org_tier',
          default_branch_id: 'basic',
          conditions: [{ branch_id: 'gold', condition: { operator: 'equals', value: ['gold'] } }],
        },
      },
      mail,
    ],
    links: [
      { source: FLOW_ROOT, target: 'by-tier', attributes: {} },
      { source: 'by-tier', target: 'mail', attributes: { branch_id: 'gold' } },
    ],
  };
}

/** Product users of several orgs, org-context campaigns, and the entries and messages of their runs. */
export function orgEntryFixture(
  t: CampaignTestApp,
  f: ReturnType<typeof engineFixture>,
  admin: SignedIn,
  sink: SmtpSink,
) {
  async function addOrgs(email: string, orgs: string[]) {
    await t.sql(
      `INSERT INTO campaign.person_org (organisation_id, email, org_id) SELECT $1, $2, unnest($3::text[])`,
      [admin.organisation.id, email, orgs],
    );
  }

  /** A contact who is a product user of each of `orgs` (person_org rows by email). */
  async function person(email: string, orgs: string[]): Promise<string> {
    const [row] = await t.sql<{ id: string }>(
      `INSERT INTO campaign.persons (organisation_id, email, first_name) VALUES ($1, $2, 'Pat') RETURNING id`,
      [admin.organisation.id, email],
    );
    await addOrgs(email, orgs);
    return row!.id;
  }

  /** A new org-context campaign published active with an at_once schedule: it runs now. */
  async function orgCampaign(name: string, domain: string, flow: Flow, rule: unknown): Promise<string> {
    const { body } = await t
      .call(campaignCreateContract, { name, campaign_context: 'org' }, admin)
      .expect(200);
    const id = body.campaign.campaign_id as string;
    await f.publish(admin, id, {
      flow,
      dynamic_list: audienceOf(domain),
      rule,
      schedule: { run_type: 'at_once' },
    });
    return id;
  }

  const messagesOf = (runId: string) =>
    t.sql<OrgMessageRow>(
      `SELECT id, person_id, org_id, message_id, status FROM campaign.email_messages
        WHERE run_id = $1 ORDER BY person_id, org_id`,
      [runId],
    );

  const entriesOf = (runId: string) =>
    t.sql<{ person_id: string; org_id: string | null; state: string }>(
      `SELECT person_id, org_id, state FROM campaign.run_persons WHERE run_id = $1 ORDER BY person_id, org_id`,
      [runId],
    );

  /** The mail of each recipient and org, by subject (the step's subject names the org). */
  async function mailsTo(...to: { email: string; org: string }[]): Promise<Map<string, ReceivedMail>> {
    const mails = new Map<string, ReceivedMail>();
    for (const { email, org } of to)
      mails.set(`${email} ${org}`, await sink.waitFor({ to: email, subject: `News for ${org}` }, 90_000));
    return mails;
  }

  return { person, addOrgs, orgCampaign, messagesOf, entriesOf, mailsTo };
}
