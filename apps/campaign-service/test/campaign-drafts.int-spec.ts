import {
  campaignCreateContract,
  campaignDraftPublishContract,
  campaignDraftSaveContract,
  campaignDraftValidateContract,
  campaignEditStartContract,
  campaignGetContract,
  campaignPublishContract,
  templateCreateContract,
  templateUpdateContract,
  type Flow,
  FLOW_ROOT,
  todayIn,
} from '@meridian/contracts';
import type { SignedIn } from '@meridian/testing';
import { type CampaignTestApp, startCampaignTestApp } from './support/campaign-test-app';

const UNKNOWN = '6b1f8c3e-4a4b-4c55-9a43-1d3c1b6f0e11';
const ZONE = 'Europe/Berlin';

const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const dynamicList = {
  query: {
    conditions: [
      {
        name: 'Adas',
        connector: '',
        children: [
          {
            type: 'filter',
            filter_type: 'person',
            filter: 'first_name',
            operator: 'equals',
            value: ['Ada'],
            connector: '',
          },
        ],
      },
    ],
  },
};
const weeklySchedule = () => {
  const today = todayIn(ZONE, new Date());
  return {
    run_type: 'recurring',
    time_zone: ZONE,
    run_config: {
      start_date: plusDays(today, 1),
      end_date: plusDays(today, 60),
      run_time: '09:00',
      frequency: 'week',
      freq_options: { day: ['monday', 'thursday'] },
    },
  };
};
const flow: Flow = {
  nodes: [
    {
      action_id: 'wait',
      action_type: 'delay',
      action_options: { delay_value: 3, delay_unit: 'hours' },
      is_deleted: false,
    },
  ],
  links: [{ source: FLOW_ROOT, target: 'wait', attributes: {} }],
};

describe('Campaign drafts and publish', () => {
  let t: CampaignTestApp;
  let admin: SignedIn;
  let colleague: SignedIn;
  let stranger: SignedIn;

  beforeAll(async () => {
    t = await startCampaignTestApp();
    admin = await t.platform.newOrganisation();
    colleague = await t.platform.newUser(admin);
    stranger = await t.platform.newOrganisation();
  });

  afterAll(async () => {
    await t?.close();
  });

  /** A new campaign opened for edits, as the editor does after 'Edit campaign'. */
  async function editable(): Promise<string> {
    const created = await t.call(campaignCreateContract, { name: 'Spring' }, admin).expect(200);
    const id = created.body.campaign.campaign_id as string;
    await t.call(campaignEditStartContract, { campaign_id: id }, admin).expect(200);
    return id;
  }

  const save = (id: string, draft: unknown, who = admin) =>
    t.call(campaignDraftSaveContract, { campaign_id: id, draft }, who);

  /** The flow/action calls own draft_data.flow; they write it the same way. */
  const draftFlow = (id: string, value: Flow) =>
    t.sql(
      `UPDATE campaign.campaigns SET draft = true, draft_data = coalesce(draft_data, '{}'::jsonb) || $2::jsonb WHERE id = $1`,
      [id, JSON.stringify({ flow: value })],
    );

  it('edit.start pauses an active campaign and makes it editable; a second call changes nothing', async () => {
    const created = await t.call(campaignCreateContract, { name: 'Live' }, admin).expect(200);
    const id = created.body.campaign.campaign_id as string;
    // New (active, nothing published): saved directly. Live: refused until 'Edit campaign'.
    await save(id, { rule: { rule: 'once' } }).expect(200);
    await draftFlow(id, flow);
    await t.sql(`UPDATE campaign.campaigns SET flow = draft_data->'flow' WHERE id = $1`, [id]);
    await save(id, { rule: { rule: 'once' } }).expect(409);
    const started = await t.call(campaignEditStartContract, { campaign_id: id }, admin).expect(200);
    expect(started.body.campaign).toMatchObject({ active: false, version: 1 });
    expect(started.body.campaign.deactivated_at).toEqual(expect.any(String));
    const again = await t.call(campaignEditStartContract, { campaign_id: id }, admin).expect(200);
    expect(again.body.campaign.deactivated_at).toBe(started.body.campaign.deactivated_at);
  });

  it('draft.save merges parts into draft_data, keeps the flow, stamps the author and marks draft', async () => {
    const id = await editable();
    await draftFlow(id, flow);
    const first = await save(id, { dynamic_list: dynamicList }).expect(200);
    expect(first.body.draft).toMatchObject({
      updated_by: { id: admin.account.id, name: 'Ada Admin' },
      warning: null,
    });
    await save(id, {
      rule: { rule: 'once_every', recurring_period: 2, recurring_period_unit: 'weeks' },
    }).expect(200);
    const { body } = await t.call(campaignGetContract, { campaign_id: id }, admin).expect(200);
    expect(body.campaign.draft).toBe(true);
    expect(body.campaign.dynamic_list).toBeNull();
    expect(body.campaign.draft_data).toMatchObject({
      flow,
      dynamic_list: dynamicList,
      rule: { rule: 'once_every', recurring_period_days: 14, allow_re_entry: true },
      updated_by: { id: admin.account.id },
    });
  });

  it("stores every level's first connector blank (spec 4), in the draft as when published", async () => {
    const id = await editable();
    await draftFlow(id, flow);
    const withAnd = structuredClone(dynamicList);
    withAnd.query.conditions[0]!.connector = 'and';
    withAnd.query.conditions[0]!.children[0]!.connector = 'and';
    await save(id, {
      dynamic_list: withAnd,
      schedule: weeklySchedule(),
      rule: { rule: 'every_time' },
    }).expect(200);
    const draft = (await t.call(campaignGetContract, { campaign_id: id }, admin).expect(200)).body.campaign;
    expect(draft.draft_data.dynamic_list).toMatchObject(dynamicList);
    const live = (
      await t.call(campaignPublishContract, { campaign_id: id, active: false }, admin).expect(200)
    ).body.campaign;
    expect(live.dynamic_list).toMatchObject(dynamicList);
  });

  it('publishes only the schedule fields its type reads, and a delay typed as digits as a number', async () => {
    const id = await editable();
    const typed = structuredClone(flow);
    typed.nodes[0]!.action_options = { delay_value: '12', delay_unit: 'hours' };
    await draftFlow(id, typed);
    // Switched from weekly to once in the editor: the weekly fields are still in the draft.
    const switched = weeklySchedule();
    switched.run_type = 'once';
    await save(id, { dynamic_list: dynamicList, schedule: switched, rule: { rule: 'once' } }).expect(200);
    const live = (
      await t.call(campaignPublishContract, { campaign_id: id, active: false }, admin).expect(200)
    ).body.campaign;
    expect(live.schedule.run_config).toEqual({
      start_date: switched.run_config.start_date,
      run_time: '09:00',
    });
    expect(live.flow.nodes[0].action_options).toEqual({ delay_value: 12, delay_unit: 'hours' });
  });

  it('publishes a schedule that names no zone as UTC', async () => {
    const id = await editable();
    await draftFlow(id, flow);
    const start = plusDays(todayIn('UTC', new Date()), 2);
    const schedule = { run_type: 'once', run_config: { start_date: start, run_time: '10:00' } };
    await save(id, { dynamic_list: dynamicList, schedule, rule: { rule: 'once' } }).expect(200);
    const valid = await t.call(campaignDraftValidateContract, { campaign_id: id }, admin).expect(200);
    expect(valid.body).toEqual({ valid: true, errors: {} });
    const live = (await t.call(campaignPublishContract, { campaign_id: id, active: true }, admin).expect(200))
      .body.campaign;
    expect(live.schedule).toMatchObject({ time_zone: 'UTC', next_run_time: `${start}T10:00:00.000Z` });
  });

  it('takes and answers a schedule with its campaign_id, as spec 3 names it, without storing it', async () => {
    const id = await editable();
    await draftFlow(id, flow);
    const start = plusDays(todayIn('UTC', new Date()), 2);
    const schedule = {
      campaign_id: id,
      run_type: 'once',
      run_config: { start_date: start, run_time: '10:00' },
    };
    await save(id, { dynamic_list: dynamicList, schedule, rule: { rule: 'once' } }).expect(200);
    const [stored] = await t.sql<{ schedule: Record<string, unknown> }>(
      `SELECT draft_data->'schedule' AS schedule FROM campaign.campaigns WHERE id = $1`,
      [id],
    );
    expect(stored!.schedule).not.toHaveProperty('campaign_id');
    const live = (await t.call(campaignPublishContract, { campaign_id: id, active: true }, admin).expect(200))
      .body.campaign;
    expect(live.schedule).toMatchObject({ campaign_id: id, run_type: 'once' });
    const fetched = (await t.call(campaignGetContract, { campaign_id: id }, admin).expect(200)).body.campaign;
    expect(fetched.schedule.campaign_id).toBe(id);
    await save(id, { schedule: { ...schedule, campaign_id: 'nope' } }).expect(400);
    const other = await editable();
    await save(other, { schedule: { ...schedule, campaign_id: id } }).expect(404);
  });

  it('refuses a once-every period longer than 100 years, which no run could look back over', async () => {
    const id = await editable();
    await draftFlow(id, flow);
    const start = plusDays(todayIn('UTC', new Date()), 2);
    const schedule = { run_type: 'once', run_config: { start_date: start, run_time: '10:00' } };
    const rule = { rule: 'once_every', recurring_period: 100_000, recurring_period_unit: 'months' };
    await save(id, { dynamic_list: dynamicList, schedule, rule }).expect(200);
    const checked = await t.call(campaignDraftValidateContract, { campaign_id: id }, admin).expect(200);
    expect(checked.body).toEqual({ valid: false, errors: { rule: 'campaign rule is invalid' } });
    const refused = await t
      .call(campaignPublishContract, { campaign_id: id, active: true }, admin)
      .expect(400);
    expect(refused.body.fields).toEqual({ rule: ['campaign rule is invalid'] });
    await save(id, { rule: { ...rule, recurring_period: 1200 } }).expect(200);
    await t.call(campaignPublishContract, { campaign_id: id, active: true }, admin).expect(200);
  });

  it('refuses a schedule ending more than 100 years after its start', async () => {
    const id = await editable();
    await draftFlow(id, flow);
    const start = plusDays(todayIn('UTC', new Date()), 2);
    const run_config = {
      start_date: start,
      end_date: '9999-12-31',
      run_time: '10:00',
      frequency: 'week',
      freq_options: { day: ['monday'] },
    };
    const schedule = { run_type: 'recurring', time_zone: 'UTC', run_config };
    await save(id, { dynamic_list: dynamicList, schedule, rule: { rule: 'once' } }).expect(200);
    const refused = await t
      .call(campaignPublishContract, { campaign_id: id, active: true }, admin)
      .expect(400);
    expect(refused.body.fields).toEqual({ schedule: ['Some fields are invalid'] });
    const end_date = plusDays(start, 365);
    await save(id, { schedule: { ...schedule, run_config: { ...run_config, end_date } } }).expect(200);
    await t.call(campaignPublishContract, { campaign_id: id, active: true }, admin).expect(200);
  });

  it('warns when another user saved the draft within the last minute, not for the same user', async () => {
    const id = await editable();
    await save(id, { rule: { rule: 'once' } }).expect(200);
    const mine = await save(id, { rule: { rule: 'every_time' } }).expect(200);
    expect(mine.body.draft.warning).toBeNull();
    const theirs = await save(id, { rule: { rule: 'once' } }, colleague).expect(200);
    expect(theirs.body.draft.warning).toMatchObject({
      updated_by: { id: admin.account.id, name: 'Ada Admin' },
      updated_at: mine.body.draft.updated_at,
    });
    // Older than the window: no warning.
    await t.sql(
      `UPDATE campaign.campaigns SET draft_data = draft_data || jsonb_build_object('updated_at', $2::text) WHERE id = $1`,
      [id, new Date(Date.now() - 61_000).toISOString()],
    );
    const later = await save(id, { rule: { rule: 'once' } }).expect(200);
    expect(later.body.draft.warning).toBeNull();
  });

  it('refuses bodies outside the shapes with the section 8 body, never a 500', async () => {
    const id = await editable();
    const unknownPart = await save(id, { flow }).expect(400);
    expect(unknownPart.body.code).toBe('ValidationException');
    await save(id, { schedule: { run_type: 'x'.repeat(500) } }).expect(400);
    await save(id, { rule: 'once' }).expect(400);
    const deep = {
      query: {
        conditions: [
          {
            name: 'G',
            connector: '',
            children: Array.from({ length: 201 }, () => dynamicList.query.conditions[0].children[0]),
          },
        ],
      },
    };
    await save(id, { dynamic_list: deep }).expect(400);
    await t.call(campaignDraftSaveContract, { campaign_id: 'nope', draft: {} }, admin).expect(400);
  });

  it('answers 404 for another organisation and an unknown id on every call', async () => {
    const id = await editable();
    for (const who of [stranger]) {
      await save(id, { rule: { rule: 'once' } }, who).expect(404);
      await t.call(campaignDraftValidateContract, { campaign_id: id }, who).expect(404);
      await t.call(campaignPublishContract, { campaign_id: id, active: true }, who).expect(404);
      await t.call(campaignDraftPublishContract, { campaign_id: id }, who).expect(404);
      const edit = await t.call(campaignEditStartContract, { campaign_id: id }, who).expect(404);
      expect(edit.body.description).toBe('Campaign details not available');
    }
    await t.call(campaignPublishContract, { campaign_id: UNKNOWN, active: false }, admin).expect(404);
    const { body } = await t.call(campaignGetContract, { campaign_id: id }, admin).expect(200);
    expect(body.campaign.draft_data).toBeNull();
  });

  it('validates the working copy per tab and refuses publish with each field: message', async () => {
    const id = await editable();
    const empty = await t.call(campaignDraftValidateContract, { campaign_id: id }, admin).expect(200);
    expect(empty.body).toEqual({
      valid: false,
      errors: {
        dynamic_list: 'Dynamic List is empty',
        flow: 'Flow is empty',
        schedule: 'Some fields are invalid',
      },
    });
    // A campaign nobody gave a rule runs by the default one (once, no re-entry).
    const refused = await t
      .call(campaignPublishContract, { campaign_id: id, active: true }, admin)
      .expect(400);
    expect(refused.body).toMatchObject({
      code: 'ValidationException',
      description: 'Campaign publish failed',
      fields: { dynamic_list: ['Dynamic List is empty'], flow: ['Flow is empty'] },
    });
    const badList = { query: { conditions: [{ name: 'G', connector: '', children: [] }] } };
    await save(id, {
      dynamic_list: badList,
      rule: { rule: 'once_every' },
      schedule: { run_type: 'period', time_zone: ZONE },
    }).expect(200);
    await draftFlow(id, { nodes: [{ ...flow.nodes[0], action_options: {} }], links: flow.links });
    const invalid = await t.call(campaignDraftPublishContract, { campaign_id: id }, admin).expect(400);
    expect(invalid.body.fields).toEqual({
      dynamic_list: ['Some fields are invalid'],
      flow: ['Some fields are invalid'],
      schedule: ['Some fields are invalid'],
      rule: ['campaign rule is invalid'],
    });
    const { body } = await t.call(campaignGetContract, { campaign_id: id }, admin).expect(200);
    expect(body.campaign).toMatchObject({ version: 1, draft: true, dynamic_list: null });
  });

  it("refuses a flow naming a webhook that is not the organisation's, on validate and publish", async () => {
    const id = await editable();
    const forged: Flow = {
      nodes: [
        {
          action_id: 'hook',
          action_type: 'webhook',
          action_options: { webhook_id: 'not-ours' },
          is_deleted: false,
        },
      ],
      links: [{ source: FLOW_ROOT, target: 'hook', attributes: {} }],
    };
    await draftFlow(id, forged);
    await save(id, { dynamic_list: dynamicList, schedule: weeklySchedule(), rule: { rule: 'once' } }).expect(
      200,
    );
    const check = await t.call(campaignDraftValidateContract, { campaign_id: id }, admin).expect(200);
    expect(check.body).toEqual({ valid: false, errors: { flow: 'Some fields are invalid' } });
    const refused = await t
      .call(campaignPublishContract, { campaign_id: id, active: true }, admin)
      .expect(400);
    expect(refused.body.fields).toEqual({ flow: ['Some fields are invalid'] });
  });

  it('refuses an email step whose template has no content (spec 5 offers only templates with content)', async () => {
    const id = await editable();
    const created = await t
      .call(templateCreateContract, { name: 'Empty for now', template_type: 'advanced' }, admin)
      .expect(200);
    const templateId = created.body.template.template_id as string;
    const mail: Flow = {
      nodes: [
        {
          action_id: 'mail',
          action_type: 'send_email',
          action_options: {
            template_id: templateId,
            subject: 'Hello',
            from_email: { name: 'Ada', email: 'ada@example.com' },
            reply_to: 'reply@example.com',
          },
          is_deleted: false,
        },
      ],
      links: [{ source: FLOW_ROOT, target: 'mail', attributes: {} }],
    };
    await draftFlow(id, mail);
    await save(id, { dynamic_list: dynamicList, schedule: weeklySchedule(), rule: { rule: 'once' } }).expect(
      200,
    );
    const empty = await t.call(campaignDraftValidateContract, { campaign_id: id }, admin).expect(200);
    expect(empty.body).toEqual({ valid: false, errors: { flow: 'Some fields are invalid' } });
    await t
      .call(
        templateUpdateContract,
        { template_id: templateId, content: '<p>Hello {{ first_name }}</p>' },
        admin,
      )
      .expect(200);
    const filled = await t.call(campaignDraftValidateContract, { campaign_id: id }, admin).expect(200);
    expect(filled.body).toEqual({ valid: true, errors: {} });
  });

  it('publishes the working copy live: clears the draft, bumps the version, sets the next run', async () => {
    const id = await editable();
    await draftFlow(id, flow);
    await save(id, {
      dynamic_list: dynamicList,
      schedule: weeklySchedule(),
      rule: { rule: 'every_time' },
    }).expect(200);
    const check = await t.call(campaignDraftValidateContract, { campaign_id: id }, admin).expect(200);
    expect(check.body).toEqual({ valid: true, errors: {} });
    const { body } = await t
      .call(campaignPublishContract, { campaign_id: id, active: true }, admin)
      .expect(200);
    const live = body.campaign;
    expect(live).toMatchObject({
      active: true,
      draft: false,
      draft_data: null,
      version: 2,
      deactivated_at: null,
      flow,
      dynamic_list: dynamicList,
      rule: { rule: 'every_time', allow_re_entry: true },
      schedule: { run_type: 'recurring', time_zone: ZONE },
    });
    const next = new Date(live.schedule.next_run_time);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    // Monday or Thursday at 09:00 in Berlin.
    const local = new Intl.DateTimeFormat('en-GB', {
      timeZone: ZONE,
      weekday: 'long',
      hour: '2-digit',
      minute: '2-digit',
    }).format(next);
    expect(local).toMatch(/^(Monday|Thursday) 09:00$/);

    // Publishing again inactive: version 3, no next run, deactivated.
    const inactive = await t
      .call(campaignPublishContract, { campaign_id: id, active: false }, admin)
      .expect(200);
    expect(inactive.body.campaign).toMatchObject({
      active: false,
      version: 3,
      schedule: { next_run_time: null },
    });
    expect(inactive.body.campaign.deactivated_at).toEqual(expect.any(String));
    // draft.publish keeps the active flag and takes the new draft.
    await save(id, { rule: { rule: 'once' } }).expect(200);
    const drafted = await t.call(campaignDraftPublishContract, { campaign_id: id }, admin).expect(200);
    expect(drafted.body.campaign).toMatchObject({
      active: false,
      version: 4,
      draft: false,
      rule: { rule: 'once' },
    });
  });
});
