import {
  audienceComputeOperatorsContract,
  audienceCountContract,
  audienceEventPropertiesContract,
  audienceEventsContract,
  audienceFiltersListContract,
  audienceMarketingActivitiesContract,
  audienceOperators,
  audienceOperatorsContract,
  audiencePreviewContract,
  audienceTableDescriptionContract,
  campaignCreateContract,
  dynamicListsAllContract,
  staticListCreateContract,
  staticListQueryInsertContract,
  staticListQueryPreviewContract,
} from '@meridian/contracts';
import type { SignedIn } from '@meridian/testing';
import { type CampaignTestApp, startCampaignTestApp } from './support/campaign-test-app';

const UNKNOWN = '6b1f8c3e-4a4b-4c55-9a43-1d3c1b6f0e11';
const group = (children: unknown[], extra = {}) => ({
  type: 'group',
  name: 'G',
  connector: '',
  children,
  ...extra,
});
const person = (filter: string, operator: string, value: unknown[], connector = '') => ({
  type: 'filter',
  filter_type: 'person',
  filter,
  operator,
  value,
  connector,
});
const query = (...children: unknown[]) => ({ conditions: [group(children)] });

describe('Dynamic list endpoints', () => {
  let t: CampaignTestApp;
  let admin: SignedIn;
  let stranger: SignedIn;

  async function addPerson(who: SignedIn, email: string, first_name: string, custom: object = {}) {
    const [row] = await t.sql<{ id: string }>(
      `INSERT INTO campaign.persons (organisation_id, email, first_name, custom_fields) VALUES ($1, $2, $3, $4) RETURNING id`,
      [who.organisation.id, email, first_name, custom],
    );
    return row.id;
  }
  async function addEvent(who: SignedIn, personId: string, name: string, properties: object, daysAgo = 1) {
    await t.sql(
      `INSERT INTO campaign.person_product_activity (organisation_id, person_id, event_name, event_date, event_properties)
       VALUES ($1, $2, $3, now() - make_interval(days => $4), $5)`,
      [who.organisation.id, personId, name, daysAgo, properties],
    );
  }
  async function newCampaign(who: SignedIn, name: string, context = 'person') {
    const { body } = await t
      .call(campaignCreateContract, { name, campaign_context: context }, who)
      .expect(200);
    return body.campaign.campaign_id as string;
  }

  beforeAll(async () => {
    t = await startCampaignTestApp();
    admin = await t.platform.newOrganisation();
    stranger = await t.platform.newOrganisation();
    await t.sql(
      `INSERT INTO campaign.person_fields (organisation_id, name, display, type, custom) VALUES ($1, 'score', 'Score', 'integer', true),
         ($2, 'secret_field', 'Secret', 'string', true)`,
      [admin.organisation.id, stranger.organisation.id],
    );
    const ann = await addPerson(admin, 'ann@ex.test', 'Ann', { score: 10 });
    const bob = await addPerson(admin, 'bob@ex.test', 'Bob', { score: 'not a number' });
    for (let i = 0; i < 25; i++) await addPerson(admin, `bulk${i}@ex.test`, 'Bulk');
    await addEvent(admin, ann, 'login', { plan: 'gold', seats: 3, paid: true, at: '2026-01-02' });
    await addEvent(admin, ann, 'login', { plan: 'silver', seats: 2.5 });
    await addEvent(admin, bob, 'purchase', { amount: 9 });
    const spy = await addPerson(stranger, 'spy@ex.test', 'Ann');
    await addEvent(stranger, spy, 'secret_event', { hidden: 1 });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('describes the default and custom person fields of the caller only', async () => {
    const { body } = await t
      .call(audienceTableDescriptionContract, { campaign_context: 'person' }, admin)
      .expect(200);
    const names = body.columns.map((c: { name: string }) => c.name);
    expect(names.slice(0, 2)).toEqual(['email', 'first_name']);
    expect(body.columns).toContainEqual({ name: 'score', display: 'Score', type: 'integer', custom: true });
    expect(names).not.toContain('secret_field');
  });

  it('lists event names distinct, by keyword and bounded, never another organisation’s', async () => {
    const all = await t.call(audienceEventsContract, {}, admin).expect(200);
    expect(all.body.rows).toEqual([{ event_name: 'login' }, { event_name: 'purchase' }]);
    const some = await t.call(audienceEventsContract, { keyword: 'PUR' }, admin).expect(200);
    expect(some.body.rows).toEqual([{ event_name: 'purchase' }]);
    const one = await t.call(audienceEventsContract, { max_result: 1 }, admin).expect(200);
    expect(one.body.rows).toHaveLength(1);
    const bad = await t.call(audienceEventsContract, { max_result: 0 }, admin).expect(400);
    expect(Object.keys(bad.body.fields)).toEqual(['max_result']);
  });

  it('infers event property types from the stored values', async () => {
    const { body } = await t
      .call(audienceEventPropertiesContract, { event_name: 'login' }, admin)
      .expect(200);
    expect(body.properties).toEqual([
      { name: 'at', type: 'datetime' },
      { name: 'paid', type: 'boolean' },
      { name: 'plan', type: 'string' },
      { name: 'seats', type: 'float' },
    ]);
    const hidden = await t
      .call(audienceEventPropertiesContract, { event_name: 'secret_event' }, admin)
      .expect(200);
    expect(hidden.body.properties).toEqual([]);
    const empty = await t.call(audienceEventPropertiesContract, { event_name: ' ' }, admin).expect(400);
    expect(empty.body.fields.event_name).toEqual(['Event is required']);
  });

  it('answers the operator lists and the marketing activities', async () => {
    const operators = await t.call(audienceOperatorsContract, {}, admin).expect(200);
    expect(operators.body.operators.string).toEqual([...audienceOperators.string]);
    expect(operators.body.frequency).toEqual(['exactly', 'at_least', 'at_most']);
    const compute = await t.call(audienceComputeOperatorsContract, {}, admin).expect(200);
    expect(compute.body.operators).toEqual(['add', 'subtract', 'multiply', 'divide']);
    const marketing = await t.call(audienceMarketingActivitiesContract, {}, admin).expect(200);
    expect(marketing.body.marketing_activity).toContain('opened');
  });

  describe('filters.list', () => {
    it('offers static lists and published campaigns, never the current one or another organisation’s', async () => {
      const list = await t.call(staticListCreateContract, { name: 'VIPs' }, admin).expect(200);
      await t.call(staticListCreateContract, { name: 'Theirs' }, stranger).expect(200);
      const current = await newCampaign(admin, 'Current');
      const published = await newCampaign(admin, 'Published');
      const stopped = await newCampaign(admin, 'Stopped');
      await newCampaign(admin, 'Never published');
      const theirs = await newCampaign(stranger, 'Their published');
      await t.sql(`UPDATE campaign.campaigns SET version = 2 WHERE id = ANY($1::uuid[])`, [
        [current, published, theirs],
      ]);
      await t.sql(`UPDATE campaign.campaigns SET active = false, deactivated_at = now() WHERE id = $1`, [
        stopped,
      ]);
      const { body } = await t
        .call(audienceFiltersListContract, { filter_type: 'list_memberships', campaign_id: current }, admin)
        .expect(200);
      expect(body.filters).toEqual([
        { value: list.body.static_list.static_list_id, label: 'VIPs', type: null, kind: 'static_list' },
        { value: published, label: 'Published', type: null, kind: 'campaign' },
        { value: stopped, label: 'Stopped', type: null, kind: 'campaign' },
      ]);
    });

    it('offers fields, events, email events and org ids by kind', async () => {
      const fields = await t.call(audienceFiltersListContract, { filter_type: 'person' }, admin).expect(200);
      expect(fields.body.filters).toContainEqual({
        value: 'score',
        label: 'Score',
        type: 'integer',
        kind: null,
      });
      const events = await t
        .call(audienceFiltersListContract, { filter_type: 'internal_product_activity' }, admin)
        .expect(200);
      expect(events.body.filters.map((f: { value: string }) => f.value)).toEqual(['login', 'purchase']);
      const mails = await t
        .call(audienceFiltersListContract, { filter_type: 'marketing_activity' }, admin)
        .expect(200);
      expect(mails.body.filters.map((f: { value: string }) => f.value)).toContain('clicked');
      const bad = await t.call(audienceFiltersListContract, { filter_type: 'nope' }, admin).expect(400);
      expect(bad.body.fields).toEqual({ filter_type: ['Invalid Filter Type'] });
    });
  });

  describe('preview', () => {
    it('shows at most 20 rows of the caller’s people and the total', async () => {
      const { body } = await t
        .call(audiencePreviewContract, { query: { conditions: [group([], { operator: 'all' })] } }, admin)
        .expect(200);
      expect(body.audience_list.rows).toHaveLength(20);
      expect(body.audience_list.total_count.count).toBe(27);
      expect(body.audience_list.rows[0].email).toBe('ann@ex.test');
    });

    it('filters by custom field and product activity, a bad stored number reading as empty', async () => {
      const scored = await t
        .call(audiencePreviewContract, { query: query(person('score', 'greater_than', [5])) }, admin)
        .expect(200);
      expect(scored.body.audience_list.rows.map((r: { email: string }) => r.email)).toEqual(['ann@ex.test']);
      const empty = await t
        .call(audiencePreviewContract, { query: query(person('score', 'is_empty', [])) }, admin)
        .expect(200);
      expect(empty.body.audience_list.total_count.count).toBe(26);
      const twice = query({
        type: 'group',
        filter_type: 'product_activity',
        filter: 'login',
        connector: '',
        children: [{ ...person('frequency', 'exactly', [2]), filter_type: 'product_activity' }],
      });
      const logins = await t.call(audiencePreviewContract, { query: twice }, admin).expect(200);
      expect(logins.body.audience_list.total_count.count).toBe(1);
    });

    it('refuses an invalid query with the spec messages by path, never a 500', async () => {
      const invalid = await t
        .call(
          audiencePreviewContract,
          { query: { conditions: [group([]), group([person('first_name', 'equals', [])])] } },
          admin,
        )
        .expect(400);
      expect(invalid.body).toMatchObject({
        code: 'ValidationException',
        description: 'Some fields are invalid',
        fields: {
          'query.conditions.0': ['Outer group cannot be empty'],
          'query.conditions.1.children.0': ['Invalid values'],
        },
      });
      const nothing = await t.call(audiencePreviewContract, { query: { conditions: [] } }, admin).expect(400);
      expect(nothing.body.fields).toEqual({ 'query.conditions': ['Dynamic List is empty'] });
      const foreign = await t
        .call(audiencePreviewContract, { query: query(person('secret_field', 'equals', ['x'])) }, admin)
        .expect(400);
      expect(foreign.body.fields).toEqual({ 'query.conditions.0.children.0': ['Invalid values'] });
      const badDate = await t
        .call(
          audiencePreviewContract,
          { query: query(person('_created_time', 'before', ['2024-02-31'])) },
          admin,
        )
        .expect(400);
      expect(badDate.body.description).toBe('Some fields are invalid');
      await t.call(audiencePreviewContract, { query: { conditions: 'x' } }, admin).expect(400);
      await t
        .call(audiencePreviewContract, { query: query(person('first_name', 'equals', ['a\u0000'])) }, admin)
        .expect(400);
      const deep = {
        conditions: [group([{ type: 'group', filter_type: 'person', connector: '', children: [] }])],
      };
      const emptyGroup = await t.call(audiencePreviewContract, { query: deep }, admin).expect(400);
      expect(emptyGroup.body.fields).toEqual({
        'query.conditions.0.children.0': ['Filter group cannot be empty'],
      });
    });

    it('refuses a query nested too deep or holding too many filters with a field error, never a 500', async () => {
      const leaf = person('email', 'contains', ['a']);
      // Written out as text: a body this deep is more than a JSON encoder will nest.
      const nested = (levels: number) => {
        const open = '{"type":"group","filter_type":"person","connector":"","children":[';
        const item = `${open.repeat(levels)}${JSON.stringify(leaf)}${']}'.repeat(levels)}`;
        return `{"query":{"conditions":[{"type":"group","name":"G","connector":"","children":[${item}]}]}}`;
      };
      const preview = (body: string) =>
        t
          .http()
          .post(audiencePreviewContract.fullPath)
          .set({ Authorization: `Bearer ${admin.bearer}`, 'content-type': 'application/json' })
          .send(body);
      // A leaf four levels below its outer group is the deepest a query may be.
      await preview(nested(3)).expect(200);
      for (const levels of [4, 5000]) {
        const { body } = await preview(nested(levels)).expect(400);
        expect(body).toMatchObject({
          code: 'ValidationException',
          fields: { 'query.conditions': ['Filters can be nested at most 4 levels deep'] },
        });
      }
      // Many filters in allowed groups: each binds a parameter, and Postgres takes at most 65535.
      const wide = {
        conditions: Array.from({ length: 50 }, (_, g) =>
          group(
            Array.from({ length: 8 }, (_, i) => ({
              type: 'group',
              filter_type: 'person',
              connector: i ? 'or' : '',
              children: Array.from({ length: 200 }, (_, j) => ({ ...leaf, connector: j ? 'or' : '' })),
            })),
            { connector: g ? 'or' : '' },
          ),
        ),
      };
      const { body } = await t.call(audiencePreviewContract, { query: wide }, admin).expect(400);
      expect(body.fields).toEqual({ 'query.conditions': ['A dynamic list can hold at most 1000 filters'] });
      await t.call(audienceCountContract, { campaign_id: UNKNOWN, query: wide }, admin).expect(400);
    });

    it('reads the org context as one row per person and org', async () => {
      await t.sql(
        `INSERT INTO campaign.person_org (organisation_id, email, org_id) VALUES ($1, 'ann@ex.test', 'o-1'), ($1, 'ann@ex.test', 'o-2')`,
        [admin.organisation.id],
      );
      const inOrg = {
        conditions: [
          group([
            {
              type: 'filter',
              filter_type: 'org_membership',
              filter: 'org_id',
              operator: 'in',
              value: ['o-2'],
              connector: '',
            },
          ]),
        ],
      };
      const { body } = await t
        .call(audiencePreviewContract, { query: inOrg, campaign_context: 'org' }, admin)
        .expect(200);
      expect(body.audience_list.rows).toEqual([
        expect.objectContaining({ email: 'ann@ex.test', org_id: 'o-2' }),
      ]);
      const everyone = { conditions: [group([], { operator: 'all' })] };
      const all = await t
        .call(audiencePreviewContract, { query: everyone, campaign_context: 'org' }, admin)
        .expect(200);
      expect(all.body.audience_list.total_count.count).toBe(2);
    });
  });

  describe('count and list.all', () => {
    it('counts the working copy, the given query, and 404s another organisation’s campaign', async () => {
      const id = await newCampaign(admin, 'Counted');
      expect((await t.call(audienceCountContract, { campaign_id: id }, admin).expect(200)).body.count).toBe(
        0,
      );
      await t.sql(`UPDATE campaign.campaigns SET dynamic_list = $2, draft_data = $3 WHERE id = $1`, [
        id,
        { conditions: [group([], { operator: 'all' })] },
        { dynamic_list: query(person('first_name', 'equals', ['bob'])) },
      ]);
      expect((await t.call(audienceCountContract, { campaign_id: id }, admin).expect(200)).body.count).toBe(
        1,
      );
      // As draft.save and publish store it: the query under `query`.
      await t.sql(`UPDATE campaign.campaigns SET draft_data = $2 WHERE id = $1`, [
        id,
        { dynamic_list: { query: query(person('first_name', 'equals', ['bob'])) } },
      ]);
      expect((await t.call(audienceCountContract, { campaign_id: id }, admin).expect(200)).body.count).toBe(
        1,
      );
      const given = { campaign_id: id, query: query(person('email', 'ends_with', ['@ex.test'])) };
      expect((await t.call(audienceCountContract, given, admin).expect(200)).body.count).toBe(27);
      const theirs = await t.call(audienceCountContract, { campaign_id: id }, stranger).expect(404);
      expect(theirs.body.description).toBe('Campaign details not available');
      await t.call(audienceCountContract, { campaign_id: UNKNOWN }, admin).expect(404);
      const lists = await t.call(dynamicListsAllContract, {}, admin).expect(200);
      expect(lists.body.records).toEqual([{ campaign_id: id, name: 'Counted' }]);
      expect((await t.call(dynamicListsAllContract, {}, stranger).expect(200)).body.records).toEqual([]);
    });
  });

  describe('static list query calls', () => {
    it('previews and inserts the query’s people once, into the caller’s lists only', async () => {
      const list = await t.call(staticListCreateContract, { name: 'From query' }, admin).expect(200);
      const listId = list.body.static_list.static_list_id;
      const anns = query(person('first_name', 'equals', ['ann']));
      const preview = await t.call(staticListQueryPreviewContract, { query: anns }, admin).expect(200);
      expect(preview.body.audience_list.total_count.count).toBe(1);
      const first = await t
        .call(staticListQueryInsertContract, { static_list_id: listId, query: anns }, admin)
        .expect(200);
      expect(first.body.inserted).toBe(1);
      const again = await t
        .call(staticListQueryInsertContract, { static_list_id: listId, query: anns }, admin)
        .expect(200);
      expect(again.body.inserted).toBe(0);
      const theirs = await t
        .call(staticListQueryInsertContract, { static_list_id: listId, query: anns }, stranger)
        .expect(404);
      expect(theirs.body.description).toBe('Static list not found');
      const members = await t.sql(
        `SELECT person_id FROM campaign.static_list_members WHERE static_list_id = $1`,
        [listId],
      );
      expect(members).toHaveLength(1);
      const bad = await t.call(
        staticListQueryInsertContract,
        { static_list_id: listId, query: { conditions: [] } },
        admin,
      );
      expect(bad.status).toBe(400);
    });
  });
});
