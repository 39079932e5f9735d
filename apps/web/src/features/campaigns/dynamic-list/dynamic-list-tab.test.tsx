import { MantineProvider } from '@mantine/core';
import type { AudienceQuery, Campaign } from '@meridian/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '@/test/api-stub';
import { resetAppHarness } from '@/test/app-harness';
import { DynamicListTab } from './dynamic-list-tab';

afterEach(resetAppHarness);

const DYNAMIC = '/api/campaign/v1/campaigns/dynamic-list';
const campaign = {
  campaign_id: '5b0c9a4e-7d1f-4c3a-9a51-2f3e4d5c6b7a',
  name: 'Welcome',
  campaign_context: 'person',
} as Campaign;
const fields = { body: { columns: [{ name: 'email', display: 'Email', type: 'string', custom: false }] } };
const emailContains: AudienceQuery = {
  conditions: [
    {
      type: 'group',
      name: 'Customers',
      connector: '',
      children: [
        {
          type: 'filter',
          filter_type: 'person',
          filter: 'email',
          property: null,
          operator: 'contains',
          value: ['@acme'],
          connector: 'or',
        },
      ],
    },
  ],
};
const row = (n: number) => ({
  id: `p-${n}`,
  email: `user${n}@acme.com`,
  first_name: 'Ada',
  last_name: null,
  company_name: null,
  product_user_id: null,
  org_id: null,
});

function renderTab(initial: AudienceQuery, props: { readOnly?: boolean; context?: 'person' | 'org' } = {}) {
  const changes: AudienceQuery[] = [];
  function Harness() {
    const [value, setValue] = useState(initial);
    return (
      <DynamicListTab
        campaign={{ ...campaign, campaign_context: props.context ?? 'person' }}
        readOnly={props.readOnly ?? false}
        showErrors={false}
        value={value}
        onChange={(next) => {
          changes.push(next);
          setValue(next);
        }}
      />
    );
  }
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MantineProvider env="test">
        <Harness />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return changes;
}

describe(DynamicListTab.name, () => {
  it("shows an empty group's message at the group on preview, without asking the server", async () => {
    const api = stubApi({ [`${DYNAMIC}/table/description`]: fields });
    renderTab({ conditions: [] });
    expect(screen.getByRole('heading', { name: 'Dynamic List' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add group' }));
    expect(screen.queryByText('Outer group cannot be empty')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Preview Dynamic List' }));
    const group = screen.getByRole('region', { name: 'Group 1' });
    expect(within(group).getByText('Outer group cannot be empty')).toBeTruthy();
    expect(api.callsTo(`${DYNAMIC}/preview`)).toHaveLength(0);
  });

  it('previews the query with its first connector blanked, columns from the first row', async () => {
    const api = stubApi({
      [`${DYNAMIC}/table/description`]: fields,
      [`${DYNAMIC}/preview`]: {
        body: { audience_list: { rows: [row(1), row(2)], total_count: { count: 57 } } },
      },
    });
    renderTab(emailContains);
    fireEvent.click(screen.getByRole('button', { name: 'Preview Dynamic List' }));
    expect(await screen.findByText('Previewing 2 of 57 people')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'First name' })).toBeTruthy();
    const sent = api.callsTo(`${DYNAMIC}/preview`)[0]?.body as { query: AudienceQuery };
    expect(sent.query.conditions[0]!.children[0]!.connector).toBe('');

    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    fireEvent.click(screen.getByRole('row', { name: 'Open user1@acme.com in a new tab' }));
    expect(open).toHaveBeenCalledWith('/contacts/p-1', '_blank', 'noopener');
  });

  it("says 'No Results' when nobody matches", async () => {
    stubApi({
      [`${DYNAMIC}/table/description`]: fields,
      [`${DYNAMIC}/preview`]: { body: { audience_list: { rows: [], total_count: { count: 0 } } } },
    });
    renderTab(emailContains);
    fireEvent.click(screen.getByRole('button', { name: 'Preview Dynamic List' }));
    expect(await screen.findByText('No Results')).toBeTruthy();
  });

  it("keeps 'Add new property' disabled until the product activity has an event", () => {
    stubApi({ [`${DYNAMIC}/table/description`]: fields });
    renderTab({
      conditions: [
        {
          type: 'group',
          name: 'Active',
          connector: '',
          children: [
            { type: 'group', filter_type: 'product_activity', filter: '', connector: '', children: [] },
          ],
        },
      ],
    });
    const add = screen.getByRole('button', { name: 'Add new property' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Frequency' }));
    expect(screen.getAllByLabelText('Operator of frequency 1 of filter 1 of Active').length).toBeGreaterThan(
      0,
    );
    expect(
      (screen.getByLabelText('Times of frequency 1 of filter 1 of Active') as HTMLInputElement).value,
    ).toBe('0');
  });

  it('offers org membership only in the org context', async () => {
    stubApi({ [`${DYNAMIC}/table/description`]: fields });
    renderTab(emailContains, { context: 'org' });
    fireEvent.click(screen.getByRole('button', { name: 'Add filter to Customers' }));
    expect(await screen.findByRole('menuitem', { name: 'Org membership' })).toBeTruthy();
    resetAppHarness();
    cleanup();

    stubApi({ [`${DYNAMIC}/table/description`]: fields });
    renderTab(emailContains);
    fireEvent.click(screen.getByRole('button', { name: 'Add filter to Customers' }));
    expect(await screen.findByRole('menuitem', { name: 'List membership' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Org membership' })).toBeNull();
  });

  it('is read-only when the campaign is', () => {
    stubApi({ [`${DYNAMIC}/table/description`]: fields });
    const changes = renderTab(emailContains, { readOnly: true });
    expect(screen.queryByRole('button', { name: 'Add group' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
    fireEvent.change(screen.getByLabelText('Name of group 1'), { target: { value: 'Other' } });
    expect(changes).toHaveLength(0);
    expect((screen.getByLabelText('Value of filter 1 of Customers') as HTMLInputElement).disabled).toBe(true);
  });
});
