import {
  campaignCreateContract,
  campaignDryRunContract,
  type Flow,
  personCreateContract,
  personUpdateContract,
} from '@meridian/contracts';
import type { SignedIn } from '@meridian/testing';
import { DryRunClock, DryRunService } from '../src/modules/campaigns/dry-run/dry-run.service';
import { type CampaignTestApp, startCampaignTestApp } from './support/campaign-test-app';
import { branchByFilterFlow, chainedFlow, onboardingFlow, tierFlow } from './support/dry-run-flows';

const TODAY = new Date('2026-03-02T09:00:00.000Z');
const UNKNOWN = '6b1f8c3e-4a4b-4c55-9a43-1d3c1b6f0e11';

describe(DryRunService.name, () => {
  let t: CampaignTestApp;
  let admin: SignedIn;
  let stranger: SignedIn;
  let ada: string;
  let bob: string;
  let strangersPerson: string;
  let campaignId: string;

  async function newPerson(who: SignedIn, email: string, firstName: string): Promise<string> {
    const id = (await t.call(personCreateContract, { email }, who).expect(200)).body.person_id as string;
    await t
      .call(personUpdateContract, { person_id: id, default_fields: { first_name: firstName } }, who)
      .expect(200);
    return id;
  }

  /** Every table of the service's schema with its row count. */
  async function rowCounts(): Promise<Record<string, number>> {
    const tables = await t.sql<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.tables
        WHERE table_schema = 'campaign' AND table_type = 'BASE TABLE' ORDER BY table_name`,
    );
    const counts: Record<string, number> = {};
    for (const { name } of tables)
      counts[name] = Number(
        (await t.sql<{ n: string }>(`SELECT count(*) AS n FROM campaign."${name}"`))[0]!.n,
      );
    return counts;
  }

  beforeAll(async () => {
    t = await startCampaignTestApp();
    jest.spyOn(t.app.get(DryRunClock), 'now').mockReturnValue(TODAY);
    admin = await t.platform.newOrganisation();
    stranger = await t.platform.newOrganisation();
    ada = await newPerson(admin, 'ada@example.com', 'Ada <b>');
    bob = await newPerson(admin, 'bob@example.com', 'Bob');
    strangersPerson = await newPerson(stranger, 'eve@example.com', 'Ada <b>');
    const org = admin.organisation.id;
    const [template] = await t.sql<{ id: string }>(
      `INSERT INTO campaign.email_templates (organisation_id, name, template_type, subject, content)
       VALUES ($1, 'Welcome', 'advanced', 'Ignored', '<p>Hello {{ person.first_name }}</p>') RETURNING id`,
      [org],
    );
    await t.sql(
      `INSERT INTO campaign.webhooks (organisation_id, webhook_id, name, method, url)
       VALUES ($1, 'crm', 'CRM sync', 'PUT', 'https://crm.example.com/contacts')`,
      [org],
    );
    const [list] = await t.sql<{ id: string }>(
      `INSERT INTO campaign.static_lists (organisation_id, name) VALUES ($1, 'Engaged') RETURNING id`,
      [org],
    );
    const flow = onboardingFlow(template!.id, list!.id);
    campaignId = (await t.call(campaignCreateContract, { name: 'Onboarding' }, admin).expect(200)).body
      .campaign.campaign_id as string;
    // The working copy is the draft's flow; the live flow is empty and must be ignored.
    await t.sql(`UPDATE campaign.campaigns SET flow = $2, draft = true, draft_data = $3 WHERE id = $1`, [
      campaignId,
      JSON.stringify({ nodes: [], links: [] }),
      JSON.stringify({ flow }),
    ]);
  });

  afterAll(async () => {
    await t?.close();
  });

  const dryRun = (person_id: string, who = admin, campaign_id = campaignId) =>
    t.call(campaignDryRunContract, { campaign_id, person_id }, who);

  it('takes the primary branch for a matching person, waits, and renders their email escaped', async () => {
    const { body } = await dryRun(ada).expect(200);
    expect(body.stopped).toBe('end');
    expect(body.evaluated_at).toBe(TODAY.toISOString());
    expect(body.person).toMatchObject({ id: ada, email: 'ada@example.com', first_name: 'Ada <b>' });
    expect(body.steps.map((s: { action_id: string }) => s.action_id)).toEqual(['branch', 'wait', 'mail']);
    expect(body.steps[0]).toMatchObject({
      status: 'ok',
      label: 'Branch by filter',
      branch_id: 'adas',
      explanation: 'first_name starts with "ada": matched, took the primary branch',
    });
    expect(body.steps[1]).toMatchObject({ label: 'Add delay', wake_at: '2026-03-02T12:00:00.000Z' });
    expect(body.steps[2].email).toEqual({
      to: 'ada@example.com',
      subject: 'Welcome Ada <b>',
      from: 'Acme News <news@acme.example>',
      reply_to: 'help@acme.example',
      html: '<p>Hello Ada &lt;b&gt;</p>',
    });
  });

  it('takes the default branch for another person: the webhook it would call and the list it would join', async () => {
    const { body } = await dryRun(bob).expect(200);
    expect(body.steps.map((s: { action_id: string }) => s.action_id)).toEqual(['branch', 'hook', 'list']);
    expect(body.steps[0]).toMatchObject({
      branch_id: 'others',
      explanation: 'first_name starts with "ada": not matched, took the default branch',
    });
    expect(body.steps[1]).toMatchObject({
      webhook: { name: 'CRM sync', method: 'PUT', url: 'https://crm.example.com/contacts' },
      explanation: 'Would call PUT https://crm.example.com/contacts (webhook "CRM sync")',
    });
    expect(body.steps[2]).toMatchObject({
      static_list: { name: 'Engaged', member: false },
      explanation: 'bob@example.com would be added to "Engaged"',
    });
  });

  it('branches on a saved token rendered for the person, and says what an update would store', async () => {
    const org = admin.organisation.id;
    await t.sql(
      `INSERT INTO campaign.email_tokens (organisation_id, name, code, default_value, return_type)
       VALUES ($1, 'tier', '{% if person.first_name == "Bob" %}gold{% else %}basic{% endif %}', 'basic', 'string')`,
      [org],
    );
    const flow = tierFlow();
    const tiered = (await t.call(campaignCreateContract, { name: 'Tiers' }, admin).expect(200)).body.campaign
      .campaign_id as string;
    await t.sql(`UPDATE campaign.campaigns SET flow = $2 WHERE id = $1`, [tiered, JSON.stringify(flow)]);
    const gold = (await dryRun(bob, admin, tiered).expect(200)).body;
    expect(gold.steps).toMatchObject([
      {
        branch_id: 'gold',
        explanation: 'token tier is "gold"; token tier equals "gold": matched, took branch 1',
      },
      {
        updates: [{ field: 'title', value: 'gold' }],
        explanation: 'title empty would become "gold" (token tier); nothing is saved',
      },
    ]);
    const basic = (await dryRun(ada, admin, tiered).expect(200)).body;
    expect(basic.steps).toMatchObject([
      {
        branch_id: 'basic',
        explanation: 'token tier is "basic"; no condition matched, took the default branch',
      },
    ]);
    expect((await t.sql(`SELECT title FROM campaign.persons WHERE id = $1`, [bob]))[0]).toEqual({
      title: null,
    });
  });

  it('evaluates branch conditions with the audience compiler: list membership, and a field that does not exist', async () => {
    const org = admin.organisation.id;
    const [list] = await t.sql<{ id: string }>(
      `INSERT INTO campaign.static_lists (organisation_id, name) VALUES ($1, 'Beta testers') RETURNING id`,
      [org],
    );
    await t.sql(
      `INSERT INTO campaign.static_list_members (static_list_id, person_id, organisation_id) VALUES ($1, $2, $3)`,
      [list!.id, bob, org],
    );
    const branch = branchByFilterFlow;
    const campaign = async (flow: Flow) => {
      const id = (await t.call(campaignCreateContract, { name: 'Members' }, admin).expect(200)).body.campaign
        .campaign_id as string;
      await t.sql(`UPDATE campaign.campaigns SET flow = $2 WHERE id = $1`, [id, JSON.stringify(flow)]);
      return id;
    };
    const members = await campaign(
      branch({ filter_type: 'list_membership', filter: 'static_list', operator: 'in', value: [list!.id] }),
    );
    expect((await dryRun(bob, admin, members).expect(200)).body.steps[0].branch_id).toBe('in');
    expect((await dryRun(ada, admin, members).expect(200)).body.steps[0].branch_id).toBe('out');
    const unknownField = await campaign(
      branch({ filter_type: 'person', filter: 'shoe_size', operator: 'equals', value: ['42'] }),
    );
    const { body } = await dryRun(ada, admin, unknownField).expect(200);
    expect(body.steps[0]).toMatchObject({
      status: 'error',
      branch_id: null,
      explanation: 'The conditions could not be evaluated: condition 1: Invalid values',
    });
  });

  it('lets later steps see what earlier ones would change: a list left and joined, a value set', async () => {
    const org = admin.organisation.id;
    const [list] = await t.sql<{ id: string }>(
      `INSERT INTO campaign.static_lists (organisation_id, name) VALUES ($1, 'Chained') RETURNING id`,
      [org],
    );
    await t.sql(
      `INSERT INTO campaign.static_list_members (static_list_id, person_id, organisation_id) VALUES ($1, $2, $3)`,
      [list!.id, bob, org],
    );
    const id = (await t.call(campaignCreateContract, { name: 'Chained' }, admin).expect(200)).body.campaign
      .campaign_id as string;
    await t.sql(`UPDATE campaign.campaigns SET flow = $2 WHERE id = $1`, [
      id,
      JSON.stringify(chainedFlow(list!.id)),
    ]);
    const { body } = await dryRun(bob, admin, id).expect(200);
    expect(body.steps.map((step: { action_id: string }) => step.action_id)).toEqual([
      'leave',
      'check',
      'join',
      'join-again',
      'promote',
      'by-title',
    ]);
    const [leave, check, join, again, , byTitle] = body.steps;
    expect(leave.explanation).toBe('bob@example.com would be removed from "Chained"');
    // The membership filter reads the list as the removal left it.
    expect(check.branch_id).toBe('left');
    expect(join.explanation).toBe('bob@example.com would be added to "Chained"');
    expect(again.explanation).toBe('bob@example.com is already in "Chained": nothing would change');
    expect(byTitle.branch_id).toBe('vip');
    // Nothing was written: Bob is still in the list, his title still empty.
    expect(
      await t.sql(`SELECT 1 FROM campaign.static_list_members WHERE static_list_id = $1 AND person_id = $2`, [
        list!.id,
        bob,
      ]),
    ).toHaveLength(1);
    expect((await t.sql(`SELECT title FROM campaign.persons WHERE id = $1`, [bob]))[0]).toEqual({
      title: null,
    });
  });

  it('gets no email to an unsubscribed person', async () => {
    await t.sql(`UPDATE campaign.persons SET unsubscribed = true WHERE id = $1`, [ada]);
    try {
      const { body } = await dryRun(ada).expect(200);
      expect(body.steps[2]).toMatchObject({
        email: null,
        explanation: 'ada@example.com has unsubscribed: no email would be sent',
      });
    } finally {
      await t.sql(`UPDATE campaign.persons SET unsubscribed = false WHERE id = $1`, [ada]);
    }
  });

  it('writes nothing anywhere', async () => {
    const before = await rowCounts();
    const [campaign] = await t.sql(`SELECT * FROM campaign.campaigns WHERE id = $1`, [campaignId]);
    await dryRun(ada).expect(200);
    await dryRun(bob).expect(200);
    expect(await rowCounts()).toEqual(before);
    expect((await t.sql(`SELECT * FROM campaign.campaigns WHERE id = $1`, [campaignId]))[0]).toEqual(
      campaign,
    );
  });

  it('answers an empty path for a campaign without flow steps', async () => {
    const empty = (await t.call(campaignCreateContract, { name: 'Empty' }, admin).expect(200)).body.campaign;
    const { body } = await dryRun(ada, admin, empty.campaign_id as string).expect(200);
    expect(body).toMatchObject({ steps: [], stopped: 'end' });
  });

  it("answers 404 for another organisation's campaign or person, and for unknown ids", async () => {
    const foreignCampaign = await dryRun(strangersPerson, stranger).expect(404);
    expect(foreignCampaign.body.description).toBe('Campaign details not available');
    const foreignPerson = await dryRun(strangersPerson).expect(404);
    expect(foreignPerson.body.description).toBe('Contact not found');
    await dryRun(UNKNOWN).expect(404);
    await dryRun(ada, admin, UNKNOWN).expect(404);
  });

  it('refuses bad bodies with the error body of section 8', async () => {
    const bad = await t
      .call(campaignDryRunContract, { campaign_id: 'nope', person_id: 42 }, admin)
      .expect(400);
    expect(bad.body).toMatchObject({
      fields: { campaign_id: ['Campaign details not available'], person_id: ['Select a contact'] },
    });
    expect(bad.body.description).toEqual(expect.any(String));
    await t.call(campaignDryRunContract, {}, admin).expect(400);
  });
});
