import { connectionMessages, unifiedMappingMessages as m } from '@meridian/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AUTH_TOKEN_KEY } from '@/lib/auth-token';
import { errorBody, stubApi } from '@/test/api-stub';
import { AUTH, accountRecord, renderAppAt, resetAppHarness, sessionOf } from '@/test/app-harness';
import { DESTINATIONS, INT, SALESFORCE, SF_ID, unifiedMapping } from '../test-fixtures';

beforeEach(() => window.localStorage.setItem(AUTH_TOKEN_KEY, 'token-1'));
afterEach(resetAppHarness);

const admin = accountRecord('a0000000-0000-4000-8000-000000000001', 'ada@acme.com', 'CUSTOMER_ORG_ADMIN');
const user = accountRecord('a0000000-0000-4000-8000-000000000002', 'sam@acme.com', 'CUSTOMER_ORG_USER');
const signedIn = (account = admin) => ({ [`${AUTH}/accounts/token.verify`]: { body: sessionOf(account) } });
const GET = `${INT}/unified-mapping/mapping.get`;
const UPDATE = `${INT}/unified-mapping/crm-mapping.update`;

const mapped = unifiedMapping(
  DESTINATIONS.map((d) =>
    d.name === 'email'
      ? {
          destination: d,
          source: [
            {
              connection_id: SF_ID,
              type: 'salesforce' as const,
              field: { contact: 'Email', lead: 'Email' },
              sync_preference: 'always_use_connection' as const,
            },
          ],
        }
      : { destination: d, source: [] },
  ),
  [SALESFORCE],
);

const rowOf = (name: string) =>
  screen.getByTestId('crm-mapping-table').querySelector<HTMLElement>(`tr[data-row="${name}"]`)!;

/** Picks an option of a Mantine select by its accessible name. */
async function choose(select: string, option: string) {
  fireEvent.click(screen.getByRole('combobox', { name: select }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('/crm-data (spec 2 "Unified mapping")', () => {
  it('shows the banner without a Salesforce source, the columns, and email first', async () => {
    stubApi({ ...signedIn(), [GET]: { body: unifiedMapping() } });
    renderAppAt('/crm-data');
    expect(await screen.findByText(m.noSourceBanner)).toBeTruthy();
    const headers = within(screen.getByTestId('crm-mapping-table'))
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Person Property',
      'Data Source',
      'Contact Property',
      'Lead Property',
      'Sync Preference',
    ]);
    const firstRow = within(screen.getByTestId('crm-mapping-table')).getAllByRole('row')[1]!;
    expect(firstRow.textContent).toContain('Email');
    expect(screen.getByPlaceholderText('Search columns')).toBeTruthy();
  });

  it('offers to try again when the mapping could not be read', async () => {
    const api = stubApi({
      ...signedIn(),
      [GET]: [errorBody(500, 'INTERNAL_ERROR', null), { body: unifiedMapping() }],
    });
    renderAppAt('/crm-data');
    expect(await screen.findByText('This list could not be loaded')).toBeTruthy();
    expect(screen.queryByText(m.noSourceBanner)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('crm-mapping-table')).toBeTruthy();
    expect(api.callsTo(GET)).toHaveLength(2);
  });

  it('is read-only until Edit; Save sends the edited rows and shows the toast', async () => {
    const api = stubApi({ ...signedIn(), [GET]: { body: mapped }, [UPDATE]: { body: mapped } });
    renderAppAt('/crm-data');
    await screen.findByTestId('crm-mapping-table');
    expect(screen.queryByRole('combobox', { name: 'Data Source for First Name' })).toBeNull();
    expect(screen.queryByText(m.noSourceBanner)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(await screen.findByRole('combobox', { name: 'Data Source for First Name' })).toBeTruthy();
    // Org ID is filled by product data: never editable.
    expect(within(rowOf('org_id')).queryByRole('combobox')).toBeNull();

    await choose('Data Source for First Name', 'Salesforce: Acme org');
    await choose('Contact Property for First Name', 'First Name');
    await choose('Sync Preference for First Name', 'Prefer Salesforce');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(m.updated)).toBeTruthy();
    await waitFor(() => expect(api.callsTo(UPDATE)).toHaveLength(1));
    const body = api.callsTo(UPDATE)[0]!.body as {
      person_mapping: { mapping: { destination: { name: string } }[] };
    };
    expect(body.person_mapping.mapping[0]).toEqual({
      destination: { name: 'email' },
      source: [
        {
          connection_id: SF_ID,
          type: 'salesforce',
          field: { contact: 'Email', lead: 'Email' },
          sync_preference: 'always_use_connection',
        },
      ],
    });
    expect(body.person_mapping.mapping[1]).toEqual({
      destination: { name: 'first_name' },
      source: [
        {
          connection_id: SF_ID,
          type: 'salesforce',
          field: { contact: 'FirstName', lead: null },
          sync_preference: 'prefer_connection',
        },
      ],
    });
    // Back to read-only.
    await waitFor(() =>
      expect(screen.queryByRole('combobox', { name: 'Data Source for First Name' })).toBeNull(),
    );
  });

  it('clears a row when its data source changes, and Cancel drops the edits', async () => {
    stubApi({ ...signedIn(), [GET]: { body: mapped } });
    renderAppAt('/crm-data');
    await screen.findByTestId('crm-mapping-table');
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await screen.findByRole('combobox', { name: 'Data Source for Email' });
    await choose('Data Source for First Name', 'Salesforce: Acme org');
    await choose('Contact Property for First Name', 'First Name');
    expect(
      (screen.getByRole('combobox', { name: 'Contact Property for First Name' }) as HTMLInputElement).value,
    ).toBe('First Name');
    // Choosing the chosen source again deselects it: the row is cleared, its property selects go away.
    await choose('Data Source for First Name', 'Salesforce: Acme org');
    await waitFor(() =>
      expect(screen.queryByRole('combobox', { name: 'Contact Property for First Name' })).toBeNull(),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('combobox', { name: 'Data Source for Email' })).toBeNull());
    expect(within(rowOf('email')).getByText('Salesforce')).toBeTruthy();
  });

  it('opens Add Field for Person with Add disabled while the name is empty', async () => {
    stubApi({ ...signedIn(), [GET]: { body: unifiedMapping() } });
    renderAppAt('/crm-data');
    await screen.findByTestId('crm-mapping-table');
    fireEvent.click(screen.getByRole('button', { name: 'Add new field' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Field for Person' });
    const add = within(dialog).getByRole('button', { name: 'Add' });
    expect((add as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Field Name'), { target: { value: 'Seats Purchased' } });
    expect((add as HTMLButtonElement).disabled).toBe(false);
    expect(within(dialog).getByText('Saved as seats_purchased')).toBeTruthy();
    expect(within(dialog).getByRole('combobox', { name: 'Field type' })).toBeTruthy();
  });

  it('shows the overwrite note before auto-mapping', async () => {
    stubApi({ ...signedIn(), [GET]: { body: mapped } });
    renderAppAt('/crm-data');
    await screen.findByTestId('crm-mapping-table');
    fireEvent.click(screen.getByRole('button', { name: 'Auto-map' }));
    const dialog = await screen.findByRole('dialog', { name: 'Auto-Map Fields' });
    expect(within(dialog).getByText(m.autoMapNote)).toBeTruthy();
  });

  it('disables the admin actions for users, with the house tooltip', async () => {
    stubApi({ ...signedIn(user), [GET]: { body: mapped } });
    renderAppAt('/crm-data');
    await screen.findByTestId('crm-mapping-table');
    for (const name of ['Edit', 'Auto-map', 'Add new field']) {
      expect((screen.getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true);
    }
    fireEvent.mouseEnter(screen.getByRole('button', { name: 'Edit' }).parentElement!);
    expect(await screen.findByText(connectionMessages.adminsOnly)).toBeTruthy();
  });

  it('shows the same mapping in the CRM Data tab of /connections', async () => {
    stubApi({
      ...signedIn(),
      [GET]: { body: unifiedMapping() },
      [`${INT}/generic/connections.list`]: { body: { connections: [], page_count: 0 } },
    });
    renderAppAt('/connections');
    fireEvent.click(await screen.findByRole('tab', { name: 'CRM Data' }));
    expect(await screen.findByText(m.noSourceBanner)).toBeTruthy();
  });
});
