import {
  campaignCreateContract,
  campaignEditStartContract,
  campaignGetContract,
  type Flow,
  type FlowNode,
  flowActionAddContract,
  flowActionRemoveContract,
  flowActionUpdateContract,
  FLOW_MAX_NODES,
  orderedActions,
  staticListCreateContract,
} from '@meridian/contracts';
import type { SignedIn } from '@meridian/testing';
import { FlowReferencesRepository } from '../src/modules/campaigns/flow/flow-references.repository';
import { type CampaignTestApp, startCampaignTestApp } from './support/campaign-test-app';

const active = (flow: Flow) => orderedActions(flow).map((node) => node.action_type);

describe('FlowController', () => {
  let t: CampaignTestApp;
  let admin: SignedIn;
  let stranger: SignedIn;

  beforeAll(async () => {
    t = await startCampaignTestApp();
    admin = await t.platform.newOrganisation();
    stranger = await t.platform.newOrganisation();
  });

  afterAll(async () => {
    await t?.close();
  });

  beforeEach(async () => {
    await t.sql('TRUNCATE campaign.campaigns CASCADE');
  });

  /** A new campaign, paused for editing ('Edit campaign'): a new one is stored active. */
  async function newCampaign(who = admin): Promise<string> {
    const { body } = await t.call(campaignCreateContract, { name: 'Flow test' }, who).expect(200);
    const id = body.campaign.campaign_id as string;
    await t.call(campaignEditStartContract, { campaign_id: id }, who).expect(200);
    return id;
  }

  async function add(campaign_id: string, body: Record<string, unknown>) {
    const response = await t.call(flowActionAddContract, { campaign_id, ...body }, admin).expect(200);
    return response.body as { flow: Flow; action_id: string; updated_at: string };
  }

  it('adds steps to the draft flow, marks the campaign draft and stamps who and when', async () => {
    const id = await newCampaign();
    const first = await add(id, { action_type: 'send_email' });
    const second = await add(id, { action_type: 'delay', add_after_action_id: first.action_id });
    expect(active(second.flow)).toEqual(['send_email', 'delay']);
    expect(second).toMatchObject({ updated_by: { id: admin.account.id, name: 'Ada Admin' } });
    const { body } = await t.call(campaignGetContract, { campaign_id: id }, admin).expect(200);
    expect(body.campaign.draft).toBe(true);
    expect(body.campaign.flow).toBeNull();
    expect(body.campaign.draft_data).toMatchObject({
      flow: second.flow,
      updated_at: second.updated_at,
      updated_by: { id: admin.account.id, name: 'Ada Admin' },
    });
  });

  it('changes a new campaign directly, and no step of a live one until it is paused for editing', async () => {
    // Stored active (decisions) with nothing published: there is no run to pause.
    const { body } = await t.call(campaignCreateContract, { name: 'Live' }, admin).expect(200);
    const id = body.campaign.campaign_id as string;
    const { action_id } = await add(id, { action_type: 'delay' });
    const campaign = (await t.call(campaignGetContract, { campaign_id: id }, admin).expect(200)).body
      .campaign;
    expect(campaign).toMatchObject({ active: true, draft: true });
    // Live (as a publish leaves it): its steps are refused until 'Edit campaign'.
    await t.sql(`UPDATE campaign.campaigns SET active = true, flow = draft_data->'flow' WHERE id = $1`, [id]);
    const refused = await t
      .call(flowActionAddContract, { campaign_id: id, action_type: 'delay' }, admin)
      .expect(409);
    expect(refused.body.code).toBe('ConflictException');
    await t
      .call(flowActionUpdateContract, { campaign_id: id, action_id, action_options: {} }, admin)
      .expect(409);
    await t.call(flowActionRemoveContract, { campaign_id: id, action_id }, admin).expect(409);
    await t.call(campaignEditStartContract, { campaign_id: id }, admin).expect(200);
    await add(id, { action_type: 'webhook' });
  });

  it('adds at the top before the existing steps when no step is named', async () => {
    const id = await newCampaign();
    await add(id, { action_type: 'send_email' });
    const top = await add(id, { action_type: 'webhook' });
    expect(active(top.flow)).toEqual(['webhook', 'send_email']);
  });

  it('keeps both of two concurrent adds', async () => {
    const id = await newCampaign();
    const results = await Promise.all(
      ['send_email', 'delay', 'webhook', 'add_to_static_list'].map((action_type) =>
        t.call(flowActionAddContract, { campaign_id: id, action_type }, admin).expect(200),
      ),
    );
    const last = results.map((r) => r.body as { flow: Flow });
    const { body } = await t.call(campaignGetContract, { campaign_id: id }, admin).expect(200);
    const flow = body.campaign.draft_data.flow as Flow;
    expect(active(flow).sort()).toEqual(['add_to_static_list', 'delay', 'send_email', 'webhook']);
    expect(Math.max(...last.map((r) => orderedActions(r.flow).length))).toBe(4);
  });

  it('adds into a branch of a branch step, and needs a branch there', async () => {
    const id = await newCampaign();
    const branch = await add(id, { action_type: 'branch_by_filter' });
    const options = branch.flow.nodes[0].action_options as { primary_branch_id: string };
    const missing = await t
      .call(
        flowActionAddContract,
        { campaign_id: id, action_type: 'delay', add_after_action_id: branch.action_id },
        admin,
      )
      .expect(400);
    expect(missing.body.fields['link_attributes.branch_id']).toEqual([
      'Choose a branch of the step to add after',
    ]);
    const unknown = await t
      .call(
        flowActionAddContract,
        {
          campaign_id: id,
          action_type: 'delay',
          add_after_action_id: branch.action_id,
          link_attributes: { branch_id: 'x' },
        },
        admin,
      )
      .expect(400);
    expect(unknown.body.fields['link_attributes.branch_id']).toEqual(['Branch not found']);
    const inside = await add(id, {
      action_type: 'delay',
      add_after_action_id: branch.action_id,
      link_attributes: { branch_id: options.primary_branch_id },
    });
    const delay = inside.flow.nodes.find((node) => node.action_id === inside.action_id);
    expect(delay?.branch_id).toBe(options.primary_branch_id);
  });

  it('removes a plain step joining its neighbours, and a branch step with its branches', async () => {
    const id = await newCampaign();
    const email = await add(id, { action_type: 'send_email' });
    const delay = await add(id, { action_type: 'delay', add_after_action_id: email.action_id });
    const branch = await add(id, { action_type: 'branch_by_filter', add_after_action_id: delay.action_id });
    const primary = (branch.flow.nodes.at(-1)?.action_options as { primary_branch_id: string })
      .primary_branch_id;
    await add(id, { action_type: 'webhook', add_after_action_id: branch.action_id, branch_id: primary });
    const noDelay = await t
      .call(flowActionRemoveContract, { campaign_id: id, action_id: delay.action_id }, admin)
      .expect(200);
    expect(active(noDelay.body.flow)).toEqual(['send_email', 'branch_by_filter', 'webhook']);
    const noBranch = await t
      .call(flowActionRemoveContract, { campaign_id: id, action_id: branch.action_id }, admin)
      .expect(200);
    expect(active(noBranch.body.flow)).toEqual(['send_email']);
    expect((noBranch.body.flow as Flow).nodes.filter((n) => n.is_deleted)).toHaveLength(3);
    const again = await t
      .call(flowActionRemoveContract, { campaign_id: id, action_id: branch.action_id }, admin)
      .expect(404);
    expect(again.body).toMatchObject({ code: 'NotFoundException', description: 'Flow step not found' });
  });

  it('stores incomplete options and refuses options past the size bound', async () => {
    const id = await newCampaign();
    const email = await add(id, { action_type: 'send_email' });
    const saved = await t
      .call(
        flowActionUpdateContract,
        { campaign_id: id, action_id: email.action_id, action_options: { subject: 'Hi' } },
        admin,
      )
      .expect(200);
    expect(saved.body.flow.nodes[0].action_options).toEqual({ subject: 'Hi' });
    const big = await t
      .call(
        flowActionUpdateContract,
        { campaign_id: id, action_id: email.action_id, action_options: { subject: 'x'.repeat(70_000) } },
        admin,
      )
      .expect(400);
    expect(big.body.fields.action_options).toEqual(['Step options are too large']);
    for (const wrong of ['x', [1]]) {
      const refused = await t
        .call(
          flowActionUpdateContract,
          { campaign_id: id, action_id: email.action_id, action_options: wrong },
          admin,
        )
        .expect(400);
      expect(refused.body.fields.action_options).toEqual(['Step options must be an object of named values']);
    }
  });

  it(`refuses a step past ${FLOW_MAX_NODES} with a clear message`, async () => {
    const id = await newCampaign();
    const nodes = Array.from({ length: FLOW_MAX_NODES }, (_, i) => ({
      action_id: `s${i}`,
      action_type: 'delay',
      action_options: {},
      branch_id: null,
      is_deleted: false,
    }));
    const links = nodes.map((node, i) => ({
      source: i === 0 ? 'root' : `s${i - 1}`,
      target: node.action_id,
      attributes: { branch_id: null },
    }));
    await t.sql('UPDATE campaign.campaigns SET draft_data = $1 WHERE id = $2', [
      { flow: { nodes, links } },
      id,
    ]);
    const full = await t
      .call(flowActionAddContract, { campaign_id: id, action_type: 'delay' }, admin)
      .expect(400);
    expect(full.body.fields.flow).toEqual([`A flow can hold at most ${FLOW_MAX_NODES} steps`]);
  });

  it("answers 404 for another organisation's campaign and leaves it untouched", async () => {
    const theirs = await newCampaign(stranger);
    const step = (
      await t.call(flowActionAddContract, { campaign_id: theirs, action_type: 'delay' }, stranger).expect(200)
    ).body.action_id as string;
    for (const [contract, body] of [
      [flowActionAddContract, { campaign_id: theirs, action_type: 'delay' }],
      [flowActionRemoveContract, { campaign_id: theirs, action_id: step }],
      [flowActionUpdateContract, { campaign_id: theirs, action_id: step, action_options: {} }],
    ] as const) {
      const response = await t.call(contract, body, admin).expect(404);
      expect(response.body.description).toBe('Campaign details not available');
    }
    const { body } = await t.call(campaignGetContract, { campaign_id: theirs }, stranger).expect(200);
    expect(orderedActions(body.campaign.draft_data.flow as Flow)).toHaveLength(1);
  });

  it('answers bad bodies with the error body, never a 500', async () => {
    const id = await newCampaign();
    const bad: [typeof flowActionAddContract | typeof flowActionUpdateContract, unknown, string][] = [
      [flowActionAddContract, { campaign_id: id }, 'action_type'],
      [flowActionAddContract, { campaign_id: id, action_type: 'teleport' }, 'action_type'],
      [flowActionAddContract, { campaign_id: 'nope', action_type: 'delay' }, 'campaign_id'],
      [
        flowActionAddContract,
        { campaign_id: id, action_type: 'delay', add_after_action_id: 'gone' },
        'add_after_action_id',
      ],
      [
        flowActionAddContract,
        { campaign_id: id, action_type: 'delay', link_attributes: 'x' },
        'link_attributes',
      ],
      [flowActionUpdateContract, { campaign_id: id, action_id: 'a', action_options: [] }, 'action_options'],
      [flowActionUpdateContract, { campaign_id: id, action_id: 'a', action_options: 'x' }, 'action_options'],
      [flowActionUpdateContract, { campaign_id: id, action_options: {} }, 'action_id'],
    ];
    for (const [contract, body, field] of bad) {
      const response = await t.call(contract, body, admin).expect(400);
      expect(response.body).toMatchObject({ code: 'ValidationException' });
      expect(Object.keys(response.body.fields)).toContain(field);
    }
    await t.call(flowActionRemoveContract, [], admin).expect(400);
    const missing = await t.call(
      flowActionUpdateContract,
      { campaign_id: id, action_id: 'gone', action_options: {} },
      admin,
    );
    expect(missing.status).toBe(404);
  });
});

describe(FlowReferencesRepository.name, () => {
  let t: CampaignTestApp;
  let admin: SignedIn;
  let stranger: SignedIn;

  beforeAll(async () => {
    t = await startCampaignTestApp();
    admin = await t.platform.newOrganisation();
    stranger = await t.platform.newOrganisation();
  });

  afterAll(async () => {
    await t?.close();
  });

  const step = (
    action_id: string,
    action_type: FlowNode['action_type'],
    action_options: Record<string, unknown>,
    is_deleted = false,
  ): FlowNode => ({
    action_id,
    action_type,
    action_options,
    branch_id: null,
    is_deleted,
  });

  it("names the steps whose template, webhook or static list is not the organisation's", async () => {
    const list = async (who: SignedIn, name: string) =>
      (await t.call(staticListCreateContract, { name }, who).expect(200)).body.static_list
        .static_list_id as string;
    const mine = await list(admin, 'Mine');
    const theirs = await list(stranger, 'Theirs');
    const flow: Flow = {
      nodes: [
        step('own-list', 'add_to_static_list', { static_list_id: mine }),
        step('their-list', 'remove_from_static_list', { static_list_id: theirs }),
        step('bad-template', 'send_email', { template_id: 'not-a-uuid' }),
        step('gone-template', 'send_internal_email', { template_id: '6b1f8c3e-4a4b-4c55-9a43-1d3c1b6f0e11' }),
        step('gone-webhook', 'webhook', { webhook_id: 'nope' }),
        step('removed', 'webhook', { webhook_id: 'nope' }, true),
        step('unset', 'webhook', {}),
        step('wait', 'delay', { delay_value: 1, delay_unit: 'days' }),
      ],
      links: [],
    };
    const missing = await t.app.get(FlowReferencesRepository).missing(admin.organisation.id, flow);
    expect(missing).toEqual({
      'their-list': { static_list_id: 'Static list is required' },
      'bad-template': { template_id: 'Select an email template' },
      'gone-template': { template_id: 'Select an email template' },
      'gone-webhook': { webhook_id: 'Webhook is required' },
    });
  });
});
