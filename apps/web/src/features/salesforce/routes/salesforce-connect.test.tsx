import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_KEY } from '@/lib/auth-token';
import { leaveAppFor } from '@/lib/browser-location';
import { errorBody, stubApi } from '@/test/api-stub';
import { renderAppAt, resetAppHarness } from '@/test/app-harness';
import {
  INT,
  integrationConstants,
  objectsAnswer,
  salesforceConnection,
  SF_CONNECTION_ID,
  signedInAs,
  unifiedMapping,
} from '@/test/salesforce-fixtures';
import { PENDING_SALESFORCE_CONNECTION_KEY } from '../utils/pending-login';

vi.mock('@/lib/browser-location', () => ({ leaveAppFor: vi.fn() }));

beforeEach(() => window.localStorage.setItem(AUTH_TOKEN_KEY, 'token-1'));
afterEach(() => {
  resetAppHarness();
  window.localStorage.clear();
  vi.mocked(leaveAppFor).mockClear();
});

const SF = `${INT}/salesforce`;
const emptyLists = {
  ...integrationConstants,
  [`${INT}/generic/connections.list`]: {
    body: { connections: [], page_number: 1, page_size: 10, page_count: 0, total_count: 0 },
  },
};

describe('connecting Salesforce (spec 2)', () => {
  it('says up front that Salesforce cannot be connected when no connected app is configured', async () => {
    const constants = integrationConstants[`${INT}/generic/constants.authenticated`];
    stubApi({
      ...signedInAs.admin,
      ...emptyLists,
      [`${INT}/generic/constants.authenticated`]: {
        body: { ...constants.body, salesforce_enabled: false },
      },
      [`${SF}/connection.get`]: { body: { connection: null } },
    });
    renderAppAt('/salesforce');
    expect(
      await screen.findByText('Salesforce is not available: no Salesforce connected app is configured'),
    ).toBeTruthy();
    const connect = screen.getByRole('button', { name: 'Connect Salesforce' }) as HTMLButtonElement;
    expect(connect.disabled).toBe(true);
  });

  it('creates from the Add Connections dialog, keeps the id and goes to the login URL', async () => {
    const api = stubApi({
      ...signedInAs.admin,
      ...emptyLists,
      [`${SF}/connection.get`]: { body: { connection: null } },
      [`${SF}/connection.create`]: { body: { connection: salesforceConnection({ access_token: null }) } },
      [`${SF}/oauth.url`]: { body: { url: 'https://login.example/authorize?state=s1' } },
    });
    renderAppAt('/connection');
    fireEvent.click(await screen.findByRole('button', { name: 'Add your first connection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Connections' });
    fireEvent.click(within(dialog).getByText('Salesforce'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next: Enter Connection Details' }));

    const modal = await screen.findByRole('dialog', { name: 'Connect Salesforce' });
    expect(within(modal).getByText('Setting up Salesforce takes about 10-15 minutes.')).toBeTruthy();
    const save = within(modal).getByRole('button', { name: 'Save and login to Salesforce' });
    fireEvent.click(save);
    expect(
      await within(modal).findByText('Confirm that you have administrator access to Salesforce'),
    ).toBeTruthy();
    expect(within(modal).getByText('Confirm that your Salesforce edition has API access')).toBeTruthy();
    expect(api.callsTo(`${SF}/connection.create`)).toHaveLength(0);

    fireEvent.click(within(modal).getByLabelText('I have administrator access to Salesforce'));
    fireEvent.click(within(modal).getByLabelText('My Salesforce edition has API access'));
    fireEvent.change(within(modal).getByLabelText(/Connection name/), { target: { value: 'Acme CRM' } });
    fireEvent.click(save);
    await waitFor(() => expect(leaveAppFor).toHaveBeenCalledWith('https://login.example/authorize?state=s1'));
    expect(api.callsTo(`${SF}/connection.create`)[0]!.body).toEqual({ name: 'Acme CRM' });
    expect(api.callsTo(`${SF}/oauth.url`)[0]!.body).toEqual({ connection_id: SF_CONNECTION_ID });
    expect(window.localStorage.getItem(PENDING_SALESFORCE_CONNECTION_KEY)).toBe(SF_CONNECTION_ID);
  });

  it("finishes the login on the return page, says 'Successfully Connected! Redirecting...' and opens step 1", async () => {
    window.localStorage.setItem(PENDING_SALESFORCE_CONNECTION_KEY, SF_CONNECTION_ID);
    const fresh = salesforceConnection({ setup_complete: false });
    const api = stubApi({
      ...signedInAs.admin,
      [`${SF}/oauth.login`]: { body: { connection: fresh } },
      [`${SF}/connection.get`]: { body: { connection: fresh } },
      [`${INT}/unified-mapping/mapping.get`]: { body: unifiedMapping(0) },
    });
    const router = renderAppAt('/salesforce/oauth.complete?code=c-123&state=s-9');
    expect(await screen.findByText('Successfully Connected! Redirecting...')).toBeTruthy();
    expect(api.callsTo(`${SF}/oauth.login`)).toHaveLength(1);
    expect(api.callsTo(`${SF}/oauth.login`)[0]!.body).toEqual({
      connection_id: SF_CONNECTION_ID,
      code: 'c-123',
      state: 's-9',
    });
    expect(window.localStorage.getItem(PENDING_SALESFORCE_CONNECTION_KEY)).toBeNull();
    const step1 = await screen.findByRole('dialog', { name: 'Permissions and access' }, { timeout: 5000 });
    expect(router.state.location.pathname).toBe(`/salesforce/${SF_CONNECTION_ID}`);
    expect(within(step1).getByText('Read and write access to Leads')).toBeTruthy();
    expect(within(step1).getByText('Read only access to Contacts')).toBeTruthy();
    expect(within(step1).getByRole('button', { name: 're-check permissions' })).toBeTruthy();
  });

  it('shows why a login failed, with a way back', async () => {
    window.localStorage.setItem(PENDING_SALESFORCE_CONNECTION_KEY, SF_CONNECTION_ID);
    stubApi({
      ...signedInAs.admin,
      [`${SF}/oauth.login`]: errorBody(
        400,
        'SalesforceOAuthStateException',
        'This Salesforce login has expired or was not started here: log in again',
      ),
    });
    renderAppAt('/salesforce/oauth.complete?code=c-123&state=old');
    expect(
      await screen.findByText('This Salesforce login has expired or was not started here: log in again'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Salesforce' }).getAttribute('href')).toBe('/salesforce');
  });
});

describe('the setup wizard (spec 2 and 4)', () => {
  it('resumes at step 3; Recommended goes through the override step and starts with automap', async () => {
    const unfinished = salesforceConnection({ setup_complete: false });
    const api = stubApi({
      ...signedInAs.admin,
      [`${SF}/connection.get`]: { body: { connection: unfinished } },
      [`${INT}/unified-mapping/mapping.get`]: { body: unifiedMapping(0, false) },
      [`${SF}/connection.complete`]: {
        body: {
          connection_id: SF_CONNECTION_ID,
          setup_complete: true,
          is_sync_enabled: true,
          is_sync_active: true,
          next_run_at: null,
          mapped_count: 4,
        },
      },
    });
    renderAppAt('/salesforce');
    const wizard = await screen.findByRole('dialog', { name: 'Sync settings' });
    expect(within(wizard).getByText('Recommended Settings')).toBeTruthy();
    fireEvent.click(within(wizard).getByLabelText('Custom Settings'));
    expect(within(wizard).getByRole('button', { name: 'Finish Setup Later' })).toBeTruthy();
    fireEvent.click(within(wizard).getByLabelText('Recommended Settings'));
    // The choice waits for the mapping (does the email key have a source?).
    const start = within(wizard).getByRole('button', { name: 'Start Sync' });
    await waitFor(() => expect((start as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(start);

    const override = await screen.findByRole('dialog', { name: 'Override the email mapping' });
    expect(
      within(override).getByText('Note: Auto mapping fields would overwrite your current mapping'),
    ).toBeTruthy();
    fireEvent.click(within(override).getByRole('button', { name: 'Override and continue' }));
    const confirm = await screen.findByRole('dialog', { name: 'Start Sync Now?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Start Sync Now' }));
    expect(await screen.findByText('Setup completed successfully')).toBeTruthy();
    expect(api.callsTo(`${SF}/connection.complete`)[0]!.body).toEqual({
      connection_id: SF_CONNECTION_ID,
      automap: true,
      start_sync: true,
    });
  });

  it('saves objects and an API allocation within the org limit in step 2', async () => {
    const connection = salesforceConnection({ setup_complete: false });
    const api = stubApi({
      ...signedInAs.admin,
      [`${SF}/connection.get`]: { body: { connection } },
      [`${SF}/oauth.login`]: { body: { connection } },
      [`${INT}/unified-mapping/mapping.get`]: { body: unifiedMapping(0) },
      [`${SF}/sync/objects.get`]: { body: objectsAnswer(connection) },
      [`${SF}/sync/objects.update`]: { body: { connection } },
      [`${SF}/sync/settings.update`]: { body: { connection } },
    });
    renderAppAt(`/salesforce/${SF_CONNECTION_ID}?permission=true`);
    const step1 = await screen.findByRole('dialog', { name: 'Permissions and access' });
    fireEvent.click(within(step1).getByRole('button', { name: 'Proceed' }));
    const step2 = await screen.findByRole('dialog', { name: 'Objects and API allocation' });
    const allocation = await within(step2).findByLabelText('API allocation');
    fireEvent.change(allocation, { target: { value: '20000' } });
    fireEvent.click(within(step2).getByRole('button', { name: 'Next' }));
    expect(
      await within(step2).findByText(
        "API allocation cannot exceed your Salesforce org's daily API limit of 15000",
      ),
    ).toBeTruthy();
    fireEvent.change(allocation, { target: { value: '12000' } });
    fireEvent.click(within(step2).getByLabelText('Contacts'));
    fireEvent.click(within(step2).getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('dialog', { name: 'Sync settings' })).toBeTruthy();
    expect(api.callsTo(`${SF}/sync/objects.update`)[0]!.body).toEqual({
      connection_id: SF_CONNECTION_ID,
      object_settings: { lead: true, contact: false, account: false, opportunity: false },
    });
    expect(api.callsTo(`${SF}/sync/settings.update`)[0]!.body).toEqual({
      connection_id: SF_CONNECTION_ID,
      max_allocated: 12000,
    });
  });

  it('asks to log in again when no login is stored', async () => {
    stubApi({
      ...signedInAs.admin,
      [`${SF}/connection.get`]: { body: { connection: salesforceConnection({ access_token: null }) } },
      [`${INT}/unified-mapping/mapping.get`]: { body: unifiedMapping(1) },
      [`${SF}/oauth.url`]: { body: { url: 'https://login.example/again' } },
    });
    renderAppAt(`/salesforce/${SF_CONNECTION_ID}`);
    const dialog = await screen.findByRole('dialog', { name: 'Reconnect Salesforce' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Login to Salesforce' }));
    await waitFor(() => expect(leaveAppFor).toHaveBeenCalledWith('https://login.example/again'));
    expect(window.localStorage.getItem(PENDING_SALESFORCE_CONNECTION_KEY)).toBe(SF_CONNECTION_ID);
  });
});
