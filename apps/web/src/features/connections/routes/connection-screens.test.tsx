import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AUTH_TOKEN_KEY } from '@/lib/auth-token';
import { errorBody, stubApi } from '@/test/api-stub';
import { renderAppAt, resetAppHarness } from '@/test/app-harness';
import { salesforceConnection } from '@/test/salesforce-fixtures';
import {
  CONNECTION_ID,
  constantsAnswer,
  INT,
  page,
  signedInAdmin,
  signedInUser,
  unifiedConnection,
  warehouseConnection,
} from '../test-fixtures';

beforeEach(() => window.localStorage.setItem(AUTH_TOKEN_KEY, 'token-1'));
afterEach(resetAppHarness);

const LIST = `${INT}/generic/connections.list`;
const empty = { ...constantsAnswer, [LIST]: page('connections', []) };

async function openAddDialog() {
  fireEvent.click(await screen.findByRole('button', { name: 'Add your first connection' }));
  return screen.findByRole('dialog', { name: 'Add Connections' });
}

describe('the connection list', () => {
  it("asks for the first connection, and shows cards with 'View connection details' and the paused banner", async () => {
    stubApi({
      ...signedInAdmin,
      ...constantsAnswer,
      [LIST]: [
        page('connections', [
          unifiedConnection({
            error: 'password authentication failed',
            error_time: '2026-11-20T09:00:00.000Z',
          }),
        ]),
      ],
    });
    const router = renderAppAt('/connection');
    const card = await screen.findByRole('article', { name: 'Analytics warehouse' });
    expect(within(card).getAllByText('Sync Paused').length).toBeGreaterThan(0);
    expect(within(card).getByText(/password authentication failed/)).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'View connection details' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/connection/${CONNECTION_ID}`));
  });

  it('opens the Segment page from its connection, in the overview and the card list', async () => {
    // The Settings menu has no Segment entry (spec 2): this is the way there.
    const segment = unifiedConnection({ name: 'Segment', source: 'segment', data_type: 'events' });
    stubApi({ ...signedInAdmin, ...constantsAnswer, [LIST]: page('connections', [segment]) });
    let router = renderAppAt('/connections');
    const table = await screen.findByTestId('connections-table');
    fireEvent.click((await within(table).findAllByText('Segment'))[0]!.closest('tr')!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/segment'));

    cleanup();
    router = renderAppAt('/connection');
    const card = await screen.findByRole('article', { name: 'Segment' });
    fireEvent.click(within(card).getByRole('button', { name: 'View connection details' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/segment'));
  });

  it('offers the Segment page on Data connections until a Segment source exists', async () => {
    stubApi({ ...signedInAdmin, ...constantsAnswer, [LIST]: page('connections', [unifiedConnection()]) });
    const router = renderAppAt('/connections');
    fireEvent.click(await screen.findByRole('link', { name: 'Set up the Segment source' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/segment'));

    cleanup();
    const segment = unifiedConnection({ name: 'Segment', source: 'segment', data_type: 'events' });
    stubApi({ ...signedInAdmin, ...constantsAnswer, [LIST]: page('connections', [segment]) });
    renderAppAt('/connections');
    await screen.findByTestId('connections-table');
    expect(screen.queryByRole('link', { name: 'Set up the Segment source' })).toBeNull();
  });

  it("shows 'Let's start adding your first connection' when there is none", async () => {
    stubApi({ ...signedInAdmin, ...empty });
    renderAppAt('/connection');
    expect(await screen.findByText("Let's start adding your first connection")).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New connection' })).toBeTruthy();
  });

  it('says when the list could not be loaded instead of asking for a first connection, and reads it again', async () => {
    const api = stubApi({
      ...signedInAdmin,
      ...constantsAnswer,
      [LIST]: [
        errorBody(500, 'InternalServerError', 'Something went wrong!'),
        page('connections', [unifiedConnection()]),
      ],
    });
    renderAppAt('/connection');
    expect(await screen.findByText('This list could not be loaded')).toBeTruthy();
    expect(screen.queryByText("Let's start adding your first connection")).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Analytics warehouse' })).toBeTruthy();
    expect(api.callsTo(LIST)).toHaveLength(2);
    expect(screen.queryByText("Let's start adding your first connection")).toBeNull();
  });

  it('disables the add buttons for users who are not admins', async () => {
    stubApi({ ...signedInUser, ...empty });
    renderAppAt('/connection');
    const button = await screen.findByRole('button', { name: 'Add your first connection' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'New connection' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('the Add Connections dialog (spec 2)', () => {
  it('offers the tiles, marks the choice, and keeps Next disabled until one is chosen', async () => {
    // The organisation has its one Salesforce connection already: that tile cannot be chosen.
    stubApi({
      ...signedInAdmin,
      ...empty,
      [`${INT}/salesforce/connection.get`]: { body: { connection: salesforceConnection() } },
    });
    renderAppAt('/connection');
    const dialog = await openAddDialog();
    expect(within(dialog).getByText('Select a platform to connect')).toBeTruthy();
    for (const name of ['Snowflake', 'Redshift', 'Postgres', 'Salesforce', 'HubSpot']) {
      expect(within(dialog).getByText(name)).toBeTruthy();
    }
    expect(within(dialog).queryByText('Segment')).toBeNull();
    const next = within(dialog).getByRole('button', { name: 'Next: Enter Connection Details' });
    expect((next as HTMLButtonElement).disabled).toBe(true);
    await within(dialog).findByText('Not available');
    fireEvent.click(within(dialog).getByText('Salesforce'));
    expect(within(dialog).queryByLabelText('Selected')).toBeNull();
    expect((next as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByText('Redshift'));
    expect(within(dialog).getByLabelText('Selected')).toBeTruthy();
    expect((next as HTMLButtonElement).disabled).toBe(false);
  });

  it('clears the choice on Cancel', async () => {
    stubApi({ ...signedInAdmin, ...empty });
    renderAppAt('/connection');
    let dialog = await openAddDialog();
    fireEvent.click(within(dialog).getByText('Snowflake'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Connections' })).toBeNull());
    dialog = await openAddDialog();
    expect(within(dialog).queryByLabelText('Selected')).toBeNull();
  });
});

describe('the new-connection wizard (spec 2, 4, 5)', () => {
  it('whitelists for Redshift, checks the form, creates, then sets the schema and goes to the sync setup', async () => {
    const created = warehouseConnection({ typ: 'redshift', schema_name: null, port: 5439 });
    const api = stubApi({
      ...signedInAdmin,
      ...empty,
      [`${INT}/warehouse/connection/whitelist_ip.list`]: {
        body: { whitelist_ips: ['203.0.113.10', '203.0.113.11'] },
      },
      [`${INT}/warehouse/connection/create`]: [
        errorBody(400, 'ConnectionAuthFailedException', 'Authentication failed for user "reader"'),
        { body: { connection: created } },
      ],
      [`${INT}/warehouse/source/schema.list`]: { body: { schemas: ['public', 'sales'] } },
      [`${INT}/warehouse/connection/schema.set`]: {
        body: { connection: { ...created, schema_name: 'sales' } },
      },
    });
    const router = renderAppAt('/connection');
    const dialog = await openAddDialog();
    fireEvent.click(within(dialog).getByText('Redshift'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next: Enter Connection Details' }));

    const wizard = await screen.findByRole('dialog', { name: 'New Redshift connection' });
    expect(await within(wizard).findByDisplayValue('203.0.113.10')).toBeTruthy();
    expect(within(wizard).getAllByRole('button', { name: /^Copy/ })).toHaveLength(2);
    const proceed = within(wizard).getByRole('button', { name: 'Continue' }) as HTMLButtonElement;
    expect(proceed.disabled).toBe(true);
    fireEvent.click(within(wizard).getByLabelText("I've Whitelisted the IPs"));
    fireEvent.click(proceed);

    fireEvent.click(await within(wizard).findByRole('button', { name: 'Save Connection' }));
    expect(await within(wizard).findByText('Connection Name is required')).toBeTruthy();
    expect(within(wizard).getByText('Password is required')).toBeTruthy();
    expect(api.callsTo(`${INT}/warehouse/connection/create`)).toHaveLength(0);

    const fill = (label: string, value: string) =>
      fireEvent.change(within(wizard).getByLabelText(new RegExp(`^${label}`), { selector: 'input' }), {
        target: { value },
      });
    fill('Connection Name', 'Analytics warehouse');
    fill('Host', 'cluster.example.com');
    fill('Database', 'dev');
    fill('Username', 'reader');
    fill('Password', 'secret');
    fireEvent.click(within(wizard).getByRole('button', { name: 'Save Connection' }));
    expect(await within(wizard).findByText('Authentication failed for user "reader"')).toBeTruthy();
    fireEvent.click(within(wizard).getByRole('button', { name: 'Save Connection' }));

    expect(await within(wizard).findByText("Connected Succesfully, Let's setup the sync")).toBeTruthy();
    expect(api.callsTo(`${INT}/warehouse/connection/create`)[1]?.body).toEqual({
      typ: 'redshift',
      label: 'Analytics warehouse',
      host_name: 'cluster.example.com',
      port: 5439,
      database_name: 'dev',
      user_name: 'reader',
      password: 'secret',
    });
    const setup = within(wizard).getByRole('button', { name: 'Setup connection' }) as HTMLButtonElement;
    expect(setup.disabled).toBe(true);
    fireEvent.click(await within(wizard).findByRole('combobox', { name: 'Schema' }));
    fireEvent.click(await screen.findByRole('option', { name: 'sales' }));
    fireEvent.click(setup);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/sync/configuration/${CONNECTION_ID}`));
    expect(api.callsTo(`${INT}/warehouse/connection/schema.set`)[0]?.body).toEqual({
      connection_id: CONNECTION_ID,
      schema_name: 'sales',
    });
  });

  it('skips the whitelist step for Postgres, and its back arrow returns to the platforms', async () => {
    stubApi({ ...signedInAdmin, ...empty });
    renderAppAt('/connection');
    const dialog = await openAddDialog();
    fireEvent.click(within(dialog).getByText('Postgres'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next: Enter Connection Details' }));
    const wizard = await screen.findByRole('dialog', { name: 'New Postgres connection' });
    expect(within(wizard).queryByText("I've Whitelisted the IPs")).toBeNull();
    expect((within(wizard).getByLabelText(/^Port/, { selector: 'input' }) as HTMLInputElement).value).toBe(
      '5432',
    );
    fireEvent.click(within(wizard).getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('dialog', { name: 'Add Connections' })).toBeTruthy();
  });
});
