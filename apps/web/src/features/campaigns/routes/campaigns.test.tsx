import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type Campaign,
  campaignCloneContract,
  campaignCreateContract,
  campaignDeleteContract,
  campaignsListContract,
  campaignUpdateContract,
  settingsGetContract,
} from '@meridian/contracts';
import { AUTH_TOKEN_KEY } from '@/lib/auth-token';
import { errorBody, stubApi } from '@/test/api-stub';
import { accountRecord, AUTH, renderAppAt, resetAppHarness, sessionOf } from '@/test/app-harness';

const admin = accountRecord('a0000000-0000-4000-8000-000000000001', 'ada@acme.com', 'CUSTOMER_ORG_ADMIN');
const LIST = campaignsListContract.fullPath;
const SETTINGS = settingsGetContract.fullPath;
const ID = '11111111-1111-4111-8111-111111111111';

function campaign(name: string, overrides: Partial<Campaign> = {}): Campaign {
  return {
    campaign_id: ID,
    name,
    campaign_context: 'person',
    draft: false,
    active: true,
    version: 1,
    created_by: { id: admin.id, name: 'ada' },
    created_at: '2026-01-02T10:00:00.000Z',
    updated_at: '2026-01-03T10:00:00.000Z',
    activated_at: '2026-01-02T10:00:00.000Z',
    deactivated_at: null,
    flow: null,
    dynamic_list: null,
    schedule: null,
    rule: null,
    draft_data: null,
    counts: {
      count_processed: 0,
      count_delivered: 0,
      count_bounced: 0,
      count_dropped: 0,
      count_not_sent: 0,
      open_count: 0,
      total_count: 0,
    },
    ...overrides,
  };
}

const page = (records: Campaign[]) => ({
  body: {
    records,
    page_number: 1,
    page_size: 10,
    page_count: records.length ? 1 : 0,
    total_count: records.length,
  },
});
const mapping = (person_org_mapping: string) => ({ body: { settings: { person_org_mapping, email: null } } });
const signedIn = { [`${AUTH}/accounts/token.verify`]: { body: sessionOf(admin) } };

beforeEach(() => window.localStorage.setItem(AUTH_TOKEN_KEY, 'token-1'));
afterEach(resetAppHarness);

describe('the Campaigns list', () => {
  it('shows the columns, the context badge, delivered of the messages processed and opened of delivered', async () => {
    const launch = campaign('Launch', {
      campaign_context: 'org',
      active: false,
      draft: true,
      counts: {
        count_processed: 180,
        count_delivered: 150,
        count_bounced: 20,
        count_dropped: 10,
        count_not_sent: 12,
        open_count: 30,
        total_count: 200,
      },
    });
    const api = stubApi({ ...signedIn, [LIST]: page([launch]), [SETTINGS]: mapping('one_to_one') });
    renderAppAt('/campaigns');
    expect(await screen.findByRole('heading', { name: 'Campaigns' })).toBeTruthy();
    const row = (await screen.findByText('Launch')).closest('tr')!;
    for (const column of ['Name', 'Total', 'Sent', 'Delivered', 'Opened', 'Next Schedule', 'Status']) {
      expect(screen.getByRole('columnheader', { name: column })).toBeTruthy();
    }
    expect(within(row).getByText('Org')).toBeTruthy();
    // Sent leaves out the 12 processed but not sent (unsubscribed, suppressed), as the Reports tab does.
    expect(within(row).getByText('168')).toBeTruthy();
    // 150 delivered of 180 messages processed (a share of persons could pass 100% with two email steps).
    expect(within(row).getByText('83.33%')).toBeTruthy();
    expect(within(row).getByText('20%')).toBeTruthy();
    expect(within(row).getByText('Draft')).toBeTruthy();
    expect(api.callsTo(LIST)[0]?.body).toEqual({ page_number: 1, page_size: 10 });
  });

  it('invites to create the first campaign, and says when a search finds none', async () => {
    const api = stubApi({ ...signedIn, [LIST]: page([]), [SETTINGS]: mapping('one_to_one') });
    renderAppAt('/campaigns');
    expect(await screen.findByText('Let’s add a campaign to get started')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search campaigns'), { target: { value: 'spring' } });
    expect(await screen.findByText('No campagins found.', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Please change the search / filter values')).toBeTruthy();
    // The message shows on the previous (empty) page while the searched one is on its way.
    await waitFor(() =>
      expect(api.callsTo(LIST).at(-1)?.body).toEqual({
        page_number: 1,
        page_size: 10,
        query: { search: { keyword: 'spring', fields: ['name'] } },
      }),
    );
    fireEvent.change(screen.getByLabelText('Search campaigns'), { target: { value: '' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Create first campaign' }, { timeout: 5000 }));
    expect(await screen.findByRole('dialog', { name: 'New Campaign' })).toBeTruthy();
  });

  it("says a list that could not be loaded could not be, not that there is none, and offers 'Try again'", async () => {
    const failed = errorBody(500, 'InternalServerError', 'Something went wrong!');
    const api = stubApi({
      ...signedIn,
      [LIST]: [failed, page([campaign('Spring launch')])],
      [SETTINGS]: mapping('one_to_one'),
    });
    renderAppAt('/campaigns');
    expect(await screen.findByText('This list could not be loaded')).toBeTruthy();
    expect(screen.queryByText('Let’s add a campaign to get started')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Spring launch')).toBeTruthy();
    expect(api.callsTo(LIST)).toHaveLength(2);
  });

  it('opens New Campaign from ?add=true with the context choice; the button waits for a name; Enter submits', async () => {
    const api = stubApi({
      ...signedIn,
      [LIST]: page([]),
      [SETTINGS]: mapping('many_to_many'),
      [campaignCreateContract.fullPath]: {
        body: { campaign: campaign('Spring', { campaign_context: 'org' }) },
      },
      [`/api/campaign/v1/campaigns/get`]: { body: { campaign: campaign('Spring') } },
    });
    renderAppAt('/campaigns?add=true');
    const dialog = await screen.findByRole('dialog', { name: 'New Campaign' });
    const create = within(dialog).getByRole('button', { name: 'Create' });
    expect(create.hasAttribute('disabled')).toBe(true);
    fireEvent.click(await within(dialog).findByRole('radio', { name: 'Send Email to Product Users' }));
    expect(
      within(dialog).getByRole('radio', { name: 'Send Email to a Marketing Contact/Lead' }),
    ).toBeTruthy();
    const input = within(dialog).getByLabelText('Name');
    fireEvent.change(input, { target: { value: '   ' } });
    expect(create.hasAttribute('disabled')).toBe(true);
    fireEvent.change(input, { target: { value: 'Spring' } });
    expect(create.hasAttribute('disabled')).toBe(false);
    fireEvent.submit(input.closest('form')!);
    await waitFor(() =>
      expect(api.callsTo(campaignCreateContract.fullPath)[0]?.body).toEqual({
        name: 'Spring',
        campaign_context: 'org',
      }),
    );
    expect(await screen.findByText('New Campaign Added')).toBeTruthy();
  });

  it('hides the context choice when the mapping is one_to_none', async () => {
    const api = stubApi({
      ...signedIn,
      [LIST]: page([]),
      [SETTINGS]: mapping('one_to_none'),
      [campaignCreateContract.fullPath]: { body: { campaign: campaign('Plain') } },
    });
    renderAppAt('/campaigns?add=true');
    const dialog = await screen.findByRole('dialog', { name: 'New Campaign' });
    await waitFor(() => expect(api.callsTo(SETTINGS)).toHaveLength(1));
    expect(within(dialog).queryByRole('radio')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Plain' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(api.callsTo(campaignCreateContract.fullPath)[0]?.body).toEqual({
        name: 'Plain',
        campaign_context: 'person',
      }),
    );
  });

  it('moves back to the last page when the only campaign of the last page is removed', async () => {
    // Eleven campaigns, ten a page; removing the one on page 2 leaves a single page.
    let names = Array.from({ length: 11 }, (_, i) => `Campaign ${i + 1}`);
    const ids = new Map(
      names.map((name, i) => [name, `11111111-1111-4111-8111-${String(i).padStart(12, '0')}`]),
    );
    const listed = (body: unknown) => {
      const pageNumber = (body as { page_number: number }).page_number;
      const records = names
        .slice((pageNumber - 1) * 10, pageNumber * 10)
        .map((name) => campaign(name, { campaign_id: ids.get(name)! }));
      const json = {
        records,
        page_number: pageNumber,
        page_size: 10,
        page_count: Math.ceil(names.length / 10),
        total_count: names.length,
      };
      return Promise.resolve(Response.json(json));
    };
    stubApi({
      ...signedIn,
      [LIST]: listed,
      [SETTINGS]: mapping('one_to_one'),
      [campaignDeleteContract.fullPath]: () => {
        names = names.filter((name) => name !== 'Campaign 11');
        return Promise.resolve(Response.json({ success: true }));
      },
    });
    renderAppAt('/campaigns');
    fireEvent.click(await screen.findByRole('button', { name: 'Page 2' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Campaign 11' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Remove' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove' }));

    expect(await screen.findByText('Campaign Removed')).toBeTruthy();
    expect(await screen.findByText('Campaign 10')).toBeTruthy();
    expect(screen.queryByText('Let’s add a campaign to get started')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Page 2' })).toBeNull();
  });

  it("renames, clones as '{name}-clone' with the note, and removes after the confirmation", async () => {
    const launch = campaign('Launch');
    const api = stubApi({
      ...signedIn,
      [LIST]: page([launch]),
      [SETTINGS]: mapping('one_to_one'),
      [campaignUpdateContract.fullPath]: { body: { campaign: { ...launch, name: 'Launch 2' } } },
      [campaignCloneContract.fullPath]: { body: { campaign: { ...launch, name: 'Launch-clone' } } },
      [campaignDeleteContract.fullPath]: { body: { success: true } },
    });
    renderAppAt('/campaigns');
    const menu = async (item: string) => {
      fireEvent.click(await screen.findByRole('button', { name: 'Actions for Launch' }));
      fireEvent.click(await screen.findByRole('menuitem', { name: item }));
    };

    await menu('Rename');
    const rename = await screen.findByRole('dialog', { name: 'Rename Campaign' });
    fireEvent.change(within(rename).getByLabelText('Name'), { target: { value: 'Launch 2' } });
    fireEvent.click(within(rename).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Campaign Updated')).toBeTruthy();
    expect(api.callsTo(campaignUpdateContract.fullPath)[0]?.body).toEqual({
      campaign_id: ID,
      name: 'Launch 2',
    });

    await menu('Clone');
    const clone = await screen.findByRole('dialog', { name: 'Clone Campaign' });
    expect((within(clone).getByLabelText('Name') as HTMLInputElement).value).toBe('Launch-clone');
    expect(
      within(clone).getByText('The dynamic list and workflow of the campaign will be cloned.'),
    ).toBeTruthy();
    fireEvent.click(within(clone).getByRole('button', { name: 'Clone' }));
    expect(await screen.findByText('Campaign cloned successfully')).toBeTruthy();
    expect(api.callsTo(campaignCloneContract.fullPath)[0]?.body).toEqual({
      campaign_id: ID,
      name: 'Launch-clone',
    });

    await menu('Remove');
    expect(
      await screen.findByText('Are you sure about deleting this campaign? Once deleted cannot be undone'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Campaign Removed')).toBeTruthy();
    expect(api.callsTo(campaignDeleteContract.fullPath)[0]?.body).toEqual({ campaign_id: ID });
  });
});
