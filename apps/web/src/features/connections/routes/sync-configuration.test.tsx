import type { DestinationTable, SourceColumn, SyncStructure } from '@meridian/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AUTH_TOKEN_KEY } from '@/lib/auth-token';
import { errorBody, stubApi } from '@/test/api-stub';
import { renderAppAt, resetAppHarness } from '@/test/app-harness';
import {
  CONNECTION_ID,
  constantsAnswer,
  INT,
  page,
  signedInAdmin,
  signedInUser,
  warehouseConnection,
} from '../test-fixtures';

beforeEach(() => window.localStorage.setItem(AUTH_TOKEN_KEY, 'token-1'));
// jsdom lays nothing out: the option lists scroll their chosen item into view.
Element.prototype.scrollIntoView ??= () => undefined;
afterEach(resetAppHarness);

const destinations: DestinationTable[] = [
  {
    table_name: 'person',
    default: true,
    used_in_connection: false,
    multi_source: false,
    columns: [
      { name: 'email', required: true },
      { name: 'first_name', required: false },
    ],
  },
  { table_name: 'Custom Table', default: false, used_in_connection: false, multi_source: true, columns: [] },
];
const column = (column_name: string, type: SourceColumn['type'] = 'string'): SourceColumn => ({
  column_name,
  data_type: type === 'datetime' ? 'timestamp with time zone' : 'text',
  type,
  nullable: true,
});
const savedSync: SyncStructure = {
  connection_id: CONNECTION_ID,
  sync_interval: 2,
  enable_sync: true,
  tables: [
    {
      table_name: 'customers',
      destination_table_name: 'person',
      cursor_column: null,
      columns: [
        { column_name: 'email', destination_column_name: 'email', primary_key: true },
        { column_name: 'plan', destination_column_name: 'plan', primary_key: false },
      ],
    },
  ],
};

function setupApi(
  signedIn: Record<string, unknown>,
  sync: SyncStructure | null = null,
  tables: DestinationTable[] = destinations,
) {
  return stubApi({
    ...(signedIn as Parameters<typeof stubApi>[0]),
    ...constantsAnswer,
    [`${INT}/warehouse/connection/get`]: { body: { connection: warehouseConnection() } },
    [`${INT}/warehouse/sync/get`]: { body: { sync } },
    [`${INT}/warehouse/destination/table.list`]: { body: { tables } },
    [`${INT}/warehouse/source/table.list`]: {
      body: { schema_name: 'public', tables: [{ table_name: 'customers', table_type: 'table' }] },
    },
    [`${INT}/warehouse/source/column.list`]: {
      body: {
        table_name: 'customers',
        columns: [column('email'), column('given_name'), column('plan'), column('updated_at', 'datetime')],
      },
    },
    [`${INT}/warehouse/sync/save`]: { body: { sync: savedSync } },
    [`${INT}/generic/connections.list`]: {
      body: { connections: [], page_number: 1, page_size: 10, page_count: 0, total_count: 0 },
    },
  });
}

async function choose(label: string, option: string) {
  fireEvent.click(await screen.findByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('the warehouse sync setup (spec 2, 4, 5)', () => {
  it('links a table, maps columns with a key and a custom column, confirms, saves and goes to the list', async () => {
    const api = setupApi(signedInAdmin);
    const router = renderAppAt(`/sync/configuration/${CONNECTION_ID}`);
    const save = (await screen.findByRole('button', { name: 'Save Sync' })) as HTMLButtonElement;
    // Nothing changed yet: Save stays disabled (spec 4).
    expect(save.disabled).toBe(true);
    await choose('Source Table', 'customers');
    await choose('Destination Table', 'person');
    fireEvent.click(screen.getByRole('button', { name: 'Add table to sync' }));
    expect(await screen.findByText('There are some unmapped required fields')).toBeTruthy();
    expect(screen.getByText('Select a primary key')).toBeTruthy();

    // The rules fail: one toast with the messages joined by a comma, and no save.
    fireEvent.click(save);
    expect(
      await screen.findByText('Required fields are missing, Primary key should be selected for person table'),
    ).toBeTruthy();

    await choose('Source column for email', 'email');
    // A mapped source column is not offered twice.
    fireEvent.click(screen.getByRole('combobox', { name: 'Source column for first_name' }));
    expect(screen.queryByRole('option', { name: 'email' })).toBeNull();
    fireEvent.click(await screen.findByRole('option', { name: 'given_name' }));
    fireEvent.click(screen.getByRole('switch', { name: 'Primary key: email' }));
    fireEvent.click(screen.getByRole('checkbox', { name: /plan/ }));
    await choose('Read changes by', 'updated_at');
    await waitFor(() => expect(screen.queryByText('Select a primary key')).toBeNull());

    fireEvent.click(save);
    const confirm = await screen.findByRole('dialog', { name: 'Syncs are not editable later' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Continue to save sync' }));
    expect(await screen.findByText('Sync Successfully Saved')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/connection'));
    expect(api.callsTo(`${INT}/warehouse/sync/save`)[0]?.body).toEqual({
      connection_id: CONNECTION_ID,
      sync_interval: 2,
      enable_sync: true,
      tables: [
        {
          table_name: 'customers',
          destination_table_name: 'person',
          cursor_column: 'updated_at',
          columns: [
            { column_name: 'email', destination_column_name: 'email', primary_key: true },
            { column_name: 'given_name', destination_column_name: 'first_name', primary_key: false },
            { column_name: 'plan', destination_column_name: 'plan', primary_key: false },
          ],
        },
      ],
    });
  });

  it("keeps a saved sync's tables and columns locked, and 'Edit sync instead' saves nothing", async () => {
    const api = setupApi(signedInAdmin, savedSync);
    renderAppAt(`/sync/configuration/${CONNECTION_ID}`);
    const email = await screen.findByRole('combobox', { name: 'Source column for email' });
    expect(email.hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Remove customers' })).toBeNull();
    expect(screen.getByLabelText('Saved tables cannot be removed')).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Primary key: email' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('combobox', { name: 'Source column for plan' }).hasAttribute('disabled')).toBe(
      true,
    );
    // A new column may be added.
    await choose('Source column for first_name', 'given_name');
    fireEvent.click(screen.getByRole('button', { name: 'Save Sync' }));
    const confirm = await screen.findByRole('dialog', { name: 'Syncs are not editable later' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Edit sync instead' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Syncs are not editable later' })).toBeNull(),
    );
    expect(api.callsTo(`${INT}/warehouse/sync/save`)).toHaveLength(0);
  });

  it("says 'Sync updated successfully' when a saved sync's changes are saved", async () => {
    const api = setupApi(signedInAdmin, savedSync);
    renderAppAt(`/sync/configuration/${CONNECTION_ID}`);
    await choose('Source column for first_name', 'given_name');
    fireEvent.click(screen.getByRole('button', { name: 'Save Sync' }));
    const confirm = await screen.findByRole('dialog', { name: 'Syncs are not editable later' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Continue to save sync' }));
    expect(await screen.findByText('Sync updated successfully')).toBeTruthy();
    expect(screen.queryByText('Sync Successfully Saved')).toBeNull();
    expect(api.callsTo(`${INT}/warehouse/sync/save`)).toHaveLength(1);
  });

  it('does not offer the person table when another connection syncs into it', async () => {
    const api = setupApi(signedInAdmin, null, [
      { ...destinations[0]!, used_in_connection: true },
      destinations[1]!,
    ]);
    renderAppAt(`/sync/configuration/${CONNECTION_ID}`);
    await screen.findByRole('button', { name: 'Save Sync' });
    fireEvent.click(await screen.findByRole('combobox', { name: 'Destination Table' }));
    expect(await screen.findByRole('option', { name: 'Custom Table' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'person' })).toBeNull();
    expect(api.callsTo(`${INT}/warehouse/destination/table.list`)[0]?.body).toEqual({
      connection_id: CONNECTION_ID,
    });
  });

  it('lets users who are not admins look, not change', async () => {
    setupApi(signedInUser, savedSync);
    renderAppAt(`/sync/configuration/${CONNECTION_ID}`);
    expect(((await screen.findByRole('button', { name: 'Save Sync' })) as HTMLButtonElement).disabled).toBe(
      true,
    );
    const firstName = await screen.findByRole('combobox', { name: 'Source column for first_name' });
    expect(firstName.hasAttribute('disabled')).toBe(true);
  });
});

describe('the sync configuration list', () => {
  it("says when the connections could not be loaded instead of 'No connections found', and reads them again", async () => {
    const api = stubApi({
      ...signedInAdmin,
      ...constantsAnswer,
      [`${INT}/warehouse/connection/list`]: [
        errorBody(500, 'InternalServerError', 'Something went wrong!'),
        page('connections', [warehouseConnection()]),
      ],
    });
    renderAppAt('/sync/configuration');
    expect(await screen.findByText('This list could not be loaded')).toBeTruthy();
    expect(screen.queryByText('No connections found')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Set up the sync of Analytics warehouse' })).toBeTruthy();
    expect(api.callsTo(`${INT}/warehouse/connection/list`)).toHaveLength(2);
  });
});
