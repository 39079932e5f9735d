import {
  campaignChanged,
  campaignCloneContract,
  campaignCreateContract,
  campaignDeleteContract,
  campaignGetContract,
  campaignsListAllContract,
  campaignsListContract,
  campaignMessages,
  campaignUpdateContract,
  settingsUpdateContract,
} from '@meridian/contracts';
import type { SignedIn } from '@meridian/testing';
import { type CampaignTestApp, startCampaignTestApp } from './support/campaign-test-app';

const UNKNOWN = '6b1f8c3e-4a4b-4c55-9a43-1d3c1b6f0e11';
type Row = { campaign_id: string; name: string };
const names = (records: Row[]) => records.map((r) => r.name);

describe('CampaignsController', () => {
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

  async function newCampaign(name: string, who = admin, campaign_context: 'person' | 'org' = 'person') {
    const response = await t.call(campaignCreateContract, { name, campaign_context }, who).expect(200);
    return response.body.campaign as Row;
  }

  describe('create and get', () => {
    it('stores a new campaign active, not draft, with zero counts, by the caller', async () => {
      const created = await newCampaign('  Spring launch ', admin, 'org');
      const { body } = await t
        .call(campaignGetContract, { campaign_id: created.campaign_id }, admin)
        .expect(200);
      expect(body.campaign).toMatchObject({
        name: 'Spring launch',
        campaign_context: 'org',
        active: true,
        draft: false,
        version: 1,
        flow: null,
        dynamic_list: null,
        schedule: null,
        rule: null,
        draft_data: null,
        deactivated_at: null,
        created_by: { id: admin.account.id, name: 'Ada Admin' },
        counts: {
          count_processed: 0,
          count_delivered: 0,
          count_bounced: 0,
          count_dropped: 0,
          count_not_sent: 0,
          open_count: 0,
          total_count: 0,
        },
      });
      expect(body.campaign.activated_at).toEqual(expect.any(String));
    });

    it('takes the person context when none is given (mapping one_to_none offers no choice)', async () => {
      const { body } = await t.call(campaignCreateContract, { name: 'Plain' }, admin).expect(200);
      expect(body.campaign.campaign_context).toBe('person');
    });

    it('refuses the org context while the mapping is one_to_none, where the screen offers no choice', async () => {
      const org = await t.platform.newOrganisation();
      await t.call(settingsUpdateContract, { person_org_mapping: 'one_to_none' }, org).expect(200);
      const refused = await t
        .call(campaignCreateContract, { name: 'Accounts', campaign_context: 'org' }, org)
        .expect(400);
      expect(refused.body.fields).toEqual({ campaign_context: [campaignMessages.orgContextUnavailable] });
      await t.call(campaignCreateContract, { name: 'People', campaign_context: 'person' }, org).expect(200);
      await t.call(settingsUpdateContract, { person_org_mapping: 'one_to_one' }, org).expect(200);
      await t.call(campaignCreateContract, { name: 'Accounts', campaign_context: 'org' }, org).expect(200);
    });

    it('rejects an empty or too long name and an unknown context with the spec messages', async () => {
      const empty = await t
        .call(campaignCreateContract, { name: '   ', campaign_context: 'person' }, admin)
        .expect(400);
      expect(empty.body.fields.name).toEqual(['Name is required']);
      const missing = await t.call(campaignCreateContract, { campaign_context: 'person' }, admin).expect(400);
      expect(missing.body.fields.name).toEqual(['Name is required']);
      const long = await t.call(campaignCreateContract, { name: 'x'.repeat(256) }, admin).expect(400);
      expect(long.body.fields.name).toEqual(['Name must be at most 255 characters']);
      const context = await t
        .call(campaignCreateContract, { name: 'Ok', campaign_context: 'team' }, admin)
        .expect(400);
      expect(Object.keys(context.body.fields)).toEqual(['campaign_context']);
      expect(await t.sql('SELECT id FROM campaign.campaigns')).toEqual([]);
    });

    it('answers 404 for an unknown id and 400 for a malformed one', async () => {
      const unknown = await t.call(campaignGetContract, { campaign_id: UNKNOWN }, admin).expect(404);
      expect(unknown.body.description).toBe('Campaign details not available');
      await t.call(campaignGetContract, { campaign_id: 'nope' }, admin).expect(400);
    });
  });

  describe('list', () => {
    it('pages newest change first and searches names case-insensitively', async () => {
      for (const name of ['Alpha news', 'Beta promo', 'Gamma news']) await newCampaign(name);
      const first = await t.call(campaignsListContract, { page_size: 2, page_number: 1 }, admin).expect(200);
      expect(first.body).toMatchObject({ page_number: 1, page_size: 2, page_count: 2, total_count: 3 });
      expect(names(first.body.records)).toEqual(['Gamma news', 'Beta promo']);
      const second = await t.call(campaignsListContract, { page_size: 2, page_number: 2 }, admin).expect(200);
      expect(names(second.body.records)).toEqual(['Alpha news']);

      const found = await t
        .call(
          campaignsListContract,
          { page_number: 1, page_size: 10, query: { search: { keyword: 'NEWS' } } },
          admin,
        )
        .expect(200);
      expect(names(found.body.records)).toEqual(['Gamma news', 'Alpha news']);
      expect(found.body.total_count).toBe(2);
    });

    it('treats % and _ in the keyword as text', async () => {
      await newCampaign('100% off');
      await newCampaign('1000 off');
      const { body } = await t
        .call(campaignsListContract, { query: { search: { keyword: '0%' } } }, admin)
        .expect(200);
      expect(names(body.records)).toEqual(['100% off']);
    });

    it('defaults to page 1 of 10 and rejects a bad page', async () => {
      for (let i = 0; i < 11; i += 1) await newCampaign(`C${i}`);
      const { body } = await t.call(campaignsListContract, {}, admin).expect(200);
      expect(body).toMatchObject({ page_number: 1, page_size: 10, page_count: 2, total_count: 11 });
      await t.call(campaignsListContract, { page_number: 0 }, admin).expect(400);
    });

    it('list.all returns every campaign of the organisation only', async () => {
      await newCampaign('Mine one');
      await newCampaign('Mine two');
      await newCampaign('Theirs', stranger);
      const { body } = await t.call(campaignsListAllContract, {}, admin).expect(200);
      expect(names(body.records)).toEqual(['Mine two', 'Mine one']);
      const list = await t.call(campaignsListContract, {}, stranger).expect(200);
      expect(names(list.body.records)).toEqual(['Theirs']);
    });
  });

  describe('rename, clone, delete', () => {
    it('renames, and validates the new name', async () => {
      const c = await newCampaign('Old');
      const { body } = await t
        .call(campaignUpdateContract, { campaign_id: c.campaign_id, name: 'New' }, admin)
        .expect(200);
      expect(body.campaign.name).toBe('New');
      const bad = await t
        .call(campaignUpdateContract, { campaign_id: c.campaign_id, name: '' }, admin)
        .expect(400);
      expect(bad.body.fields.name).toEqual(['Name is required']);
      await t.call(campaignUpdateContract, { campaign_id: UNKNOWN, name: 'X' }, admin).expect(404);
    });

    it("clones as '{name}-clone' by default, copying the dynamic list, workflow and draft, inactive", async () => {
      const c = await newCampaign('Launch', admin, 'org');
      const flow = { nodes: [{ id: 'a1', action_type: 'delay' }], links: [] };
      const dynamicList = { query: { conditions: [{ name: 'Group 1' }] } };
      const schedule = { run_type: 'once', next_run_time: '2030-01-01T09:00:00.000Z' };
      const draftData = { flow: { nodes: [], links: [] }, updated_at: '2026-01-01T00:00:00.000Z' };
      await t.sql(
        `UPDATE campaign.campaigns SET flow = $1, dynamic_list = $2, schedule = $3, draft_data = $4,
                count_delivered = 5, draft = true WHERE id = $5`,
        [
          JSON.stringify(flow),
          JSON.stringify(dynamicList),
          JSON.stringify(schedule),
          JSON.stringify(draftData),
          c.campaign_id,
        ],
      );
      const { body } = await t.call(campaignCloneContract, { campaign_id: c.campaign_id }, admin).expect(200);
      expect(body.campaign).toMatchObject({
        name: 'Launch-clone',
        campaign_context: 'org',
        flow,
        dynamic_list: dynamicList,
        draft: true,
        draft_data: draftData,
        // Not running on the source's schedule: the same audience would get the mail twice.
        active: false,
        schedule: { run_type: 'once', next_run_time: null },
      });
      expect(body.campaign.campaign_id).not.toBe(c.campaign_id);
      expect(body.campaign.counts.count_delivered).toBe(0);
      const named = await t
        .call(campaignCloneContract, { campaign_id: c.campaign_id, name: 'Second copy' }, admin)
        .expect(200);
      expect(named.body.campaign.name).toBe('Second copy');
      await t.call(campaignCloneContract, { campaign_id: c.campaign_id, name: ' ' }, admin).expect(400);
    });

    it('deletes, then the campaign is gone', async () => {
      const c = await newCampaign('Doomed');
      await t.call(campaignDeleteContract, { campaign_id: c.campaign_id }, admin).expect(200);
      await t.call(campaignGetContract, { campaign_id: c.campaign_id }, admin).expect(404);
      await t.call(campaignDeleteContract, { campaign_id: c.campaign_id }, admin).expect(404);
    });
  });

  it("another organisation's id is a 404 for every call and changes nothing", async () => {
    const c = await newCampaign('Owned');
    const before = await t.sql('SELECT * FROM campaign.campaigns ORDER BY id');
    const id = { campaign_id: c.campaign_id };
    for (const [contract, body] of [
      [campaignGetContract, id],
      [campaignUpdateContract, { ...id, name: 'Stolen' }],
      [campaignCloneContract, id],
      [campaignDeleteContract, id],
    ] as const) {
      const response = await t.call(contract, body, stranger).expect(404);
      expect(response.body).toMatchObject({
        code: 'NotFoundException',
        description: 'Campaign details not available',
      });
    }
    expect(await t.sql('SELECT * FROM campaign.campaigns ORDER BY id')).toEqual(before);
  });

  it('publishes campaignChanged on create, rename, clone and delete, and nothing for a refused change', async () => {
    await t.sql('TRUNCATE campaign.outbox');
    const c = await newCampaign('Announced');
    await t.call(campaignUpdateContract, { campaign_id: c.campaign_id, name: 'Renamed' }, admin).expect(200);
    const clone = (await t.call(campaignCloneContract, { campaign_id: c.campaign_id }, admin).expect(200))
      .body.campaign as Row;
    await t.call(campaignDeleteContract, { campaign_id: c.campaign_id }, admin).expect(200);
    await t
      .call(campaignUpdateContract, { campaign_id: clone.campaign_id, name: 'Stolen' }, stranger)
      .expect(404);
    const events = await t.sql<{ payload: Record<string, unknown> }>(
      `SELECT payload FROM campaign.outbox WHERE name = $1 ORDER BY seq`,
      [campaignChanged.name],
    );
    expect(events.map((e) => [e.payload.campaign_id, e.payload.name, e.payload.deleted])).toEqual([
      [c.campaign_id, 'Announced', false],
      [c.campaign_id, 'Renamed', false],
      [clone.campaign_id, 'Renamed-clone', false],
      [c.campaign_id, 'Renamed', true],
    ]);
    for (const e of events) expect(e.payload.organisation_id).toBe(admin.organisation.id);
  });
});
