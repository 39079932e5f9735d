import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AUTH_TOKEN_KEY } from '@/lib/auth-token';
import { stubApi } from '@/test/api-stub';
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

beforeEach(() => window.localStorage.setItem(AUTH_TOKEN_KEY, 'token-1'));
afterEach(resetAppHarness);

const SF = `${INT}/salesforce`;
const MAPPING = `${INT}/unified-mapping/mapping.get`;
const answer = (overrides: Parameters<typeof salesforceConnection>[0]) => ({
  body: { connection: salesforceConnection(overrides) },
});

describe('the Salesforce page header (spec 2 and 4)', () => {
  it("keeps 'Start Sync' blocked until a person field is mapped, explaining why with a link", async () => {
    const api = stubApi({
      ...signedInAs.admin,
      [`${SF}/connection.get`]: answer({}),
      [MAPPING]: { body: unifiedMapping(0) },
    });
    renderAppAt(`/salesforce/${SF_CONNECTION_ID}`);
    await waitFor(() => expect(api.callsTo(MAPPING)).toHaveLength(1));
    const start = await screen.findByRole('button', { name: 'Start Sync' });
    expect(start.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(start);
    expect(await screen.findByText(/Map at least one person field to Salesforce/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Map person fields' }).getAttribute('href')).toBe('/crm-data');
  });

  it("starts after 'Start Sync Now', pauses after its confirmation, and resumes from the banner", async () => {
    const constantsPath = `${INT}/generic/constants.authenticated`;
    const constants = integrationConstants[constantsPath];
    // Answers after the switch's answer is stored (a refetch the switch causes, slow here): the
    // banner that asked is gone by then, and the toast must still come.
    const slowly = () =>
      new Promise<Response>((resolve) =>
        setTimeout(
          () =>
            resolve(
              new Response(JSON.stringify(constants.body), {
                headers: { 'Content-Type': 'application/json' },
              }),
            ),
          300,
        ),
      );
    const api = stubApi({
      ...signedInAs.admin,
      [constantsPath]: [constants, slowly],
      [`${SF}/connection.get`]: answer({}),
      [MAPPING]: { body: unifiedMapping(2) },
      [`${SF}/sync.start`]: answer({ is_sync_enabled: true, is_sync_active: true }),
      [`${SF}/sync.pause`]: answer({ is_sync_enabled: true, is_sync_active: false }),
      [`${SF}/sync.resume`]: answer({ is_sync_enabled: true, is_sync_active: true }),
    });
    renderAppAt(`/salesforce/${SF_CONNECTION_ID}`);
    // Once the mapping answers (two fields mapped) the button is a plain, enabled one.
    await waitFor(
      () =>
        expect(screen.getByRole('button', { name: 'Start Sync' }).getAttribute('aria-disabled')).toBeNull(),
      { timeout: 10_000 },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Start Sync' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Start Sync Now' }));
    expect(await screen.findByText('Sync started successfully')).toBeTruthy();

    fireEvent.click(await screen.findByRole('button', { name: 'Pause sync' }));
    const confirm = await screen.findByRole('dialog', { name: 'Pause sync?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Pause sync' }));
    expect(await screen.findByText('Sync Successfully Paused')).toBeTruthy();
    const banner = await screen
      .findByRole('status', { name: '' })
      .catch(() => screen.getByText('Sync paused'));
    expect(banner).toBeTruthy();
    const resumeButtons = await screen.findAllByRole('button', { name: 'Resume sync' });
    // The header and the paused banner both offer it.
    expect(resumeButtons).toHaveLength(2);
    fireEvent.click(resumeButtons[1]!);
    expect(await screen.findByText('Sync resumed successfully')).toBeTruthy();
    expect(api.callsTo(`${SF}/sync.resume`)[0]!.body).toEqual({ connection_id: SF_CONNECTION_ID });
  });

  it("disconnects from the 'Disconnect Salesforce' modal and goes to the mapping", async () => {
    const api = stubApi({
      ...signedInAs.admin,
      [`${SF}/connection.get`]: answer({ is_sync_enabled: true, is_sync_active: true }),
      [MAPPING]: { body: unifiedMapping(2) },
      [`${SF}/connection.delete`]: { body: { connection_id: SF_CONNECTION_ID } },
    });
    const router = renderAppAt(`/salesforce/${SF_CONNECTION_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Disconnect' }));
    const modal = await screen.findByRole('dialog', { name: 'Disconnect Salesforce' });
    fireEvent.click(within(modal).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText('Connection deleted successfully')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/crm-data'));
    expect(api.callsTo(`${SF}/connection.delete`)).toHaveLength(1);
  });

  it('leaves every change disabled for members who are not admins, and opens no wizard', async () => {
    stubApi({
      ...signedInAs.member,
      [`${SF}/connection.get`]: answer({
        setup_complete: false,
        is_sync_enabled: true,
        is_sync_active: false,
      }),
      [MAPPING]: { body: unifiedMapping(2) },
    });
    renderAppAt(`/salesforce/${SF_CONNECTION_ID}`);
    const resume = await screen.findAllByRole('button', { name: 'Resume sync' });
    for (const button of resume) expect((button as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Disconnect' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('the Sync settings tab (spec 2 and 5)', () => {
  it('offers only checkbox fields for selective sync and saves only once an active one has a field', async () => {
    const connection = salesforceConnection({});
    const api = stubApi({
      ...signedInAs.admin,
      [`${SF}/connection.get`]: { body: { connection } },
      [MAPPING]: { body: unifiedMapping(2) },
      [`${SF}/sync/objects.get`]: { body: objectsAnswer(connection) },
      [`${SF}/settings/selective.update`]: { body: { connection } },
      [`${SF}/settings/records-create.update`]: { body: { connection } },
    });
    renderAppAt(`/salesforce/${SF_CONNECTION_ID}`);
    fireEvent.click(await screen.findByRole('tab', { name: 'Sync settings' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Salesforce to Meridian' }));
    fireEvent.click(await screen.findByLabelText('Selective sync of Leads', {}, { timeout: 10_000 }));
    const save = screen.getByRole('button', { name: 'Save' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('combobox', { name: 'Checkbox field of Leads' }));
    expect(await screen.findByRole('option', { name: 'Sync_Me__c (Sync_Me__c)' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Email (Email)' })).toBeNull();
    fireEvent.click(screen.getByRole('option', { name: 'Sync_Me__c (Sync_Me__c)' }));
    await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(false));
    expect(
      (
        screen.getByLabelText(
          /Delete people in Meridian when their Salesforce record is deleted/,
        ) as HTMLInputElement
      ).disabled,
    ).toBe(true);
    fireEvent.click(save);
    expect(await screen.findByText('Updated sync successfully')).toBeTruthy();
    expect(api.callsTo(`${SF}/settings/selective.update`)[0]!.body).toEqual({
      connection_id: SF_CONNECTION_ID,
      selective_sync: {
        lead: { active: true, field: 'Sync_Me__c' },
        contact: { active: false, field: null },
      },
    });
  });

  it('switches deleting Salesforce records on, then chooses the objects whose records go', async () => {
    const connection = salesforceConnection({});
    const on = salesforceConnection({ salesforce_record_delete: true });
    const api = stubApi({
      ...signedInAs.admin,
      [`${SF}/connection.get`]: { body: { connection } },
      [MAPPING]: { body: unifiedMapping(2) },
      [`${SF}/sync/objects.get`]: { body: objectsAnswer(connection) },
      [`${SF}/settings/sf-records-delete.update`]: { body: { connection: on } },
      [`${SF}/settings/records-delete.update`]: {
        body: { connection: { ...on, records_delete_settings: { lead: false, contact: true } } },
      },
    });
    renderAppAt(`/salesforce/${SF_CONNECTION_ID}`);
    fireEvent.click(await screen.findByRole('tab', { name: 'Sync settings' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Meridian to Salesforce' }));
    const contacts = (await screen.findByLabelText(
      'Delete their Contacts',
      {},
      { timeout: 10_000 },
    )) as HTMLInputElement;
    expect(contacts.disabled).toBe(true);
    fireEvent.click(
      screen.getByLabelText('Delete their records in Salesforce when people are deleted in Meridian'),
    );
    await waitFor(() => expect(contacts.disabled).toBe(false));
    expect(api.callsTo(`${SF}/settings/sf-records-delete.update`)[0]!.body).toEqual({
      connection_id: SF_CONNECTION_ID,
      value: true,
    });
    fireEvent.click(contacts);
    await waitFor(() => expect(contacts.checked).toBe(true));
    expect(api.callsTo(`${SF}/settings/records-delete.update`)[0]!.body).toEqual({
      connection_id: SF_CONNECTION_ID,
      object_delete: { lead: false, contact: true },
    });
  });
});
