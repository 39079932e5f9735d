import type { SalesforcePersonRecord } from '@meridian/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AUTH_TOKEN_KEY } from '@/lib/auth-token';
import { formatDateTime } from '@/lib/format-date';
import { errorBody, stubApi } from '@/test/api-stub';
import { accountRecord, AUTH, renderAppAt, resetAppHarness, sessionOf } from '@/test/app-harness';
import { renderInApp } from '@/test/render-in-app';
import { salesforceConnection } from '@/test/salesforce-fixtures';
import { SalesforceSyncPanel } from './salesforce-sync-panel';

const SF = '/api/integrations/v1/salesforce';
const EMAIL = 'jamie@acme.com';

beforeEach(() => window.localStorage.setItem(AUTH_TOKEN_KEY, 'token-1'));
afterEach(resetAppHarness);

// An active sync: the panel reads the connection's id and instance URL.
const connection = salesforceConnection({ is_sync_enabled: true, is_sync_active: true });

const record = (overrides: Partial<SalesforcePersonRecord> = {}): SalesforcePersonRecord => ({
  id: '003000000000001AAA',
  name: 'Jamie Rivera',
  crm_object: 'contact',
  connection_id: connection.connection_id,
  _is_selected: true,
  _modified_time: '2026-11-25T08:00:00.000Z',
  ...overrides,
});
const lead = record({ id: '00Q000000000002AAA', name: null, crm_object: 'lead', _is_selected: false });
const LAST_UPDATED = '2026-11-26T09:00:00.000Z';
const recordsAnswer = (records: SalesforcePersonRecord[]) => ({
  body: { records, last_updated: LAST_UPDATED },
});
const connected = { [`${SF}/connection.get`]: { body: { connection } } };
const noError = { [`${SF}/errors.latest`]: { body: { error: null } } };

describe(SalesforceSyncPanel.name, () => {
  it('says so when the organisation has no Salesforce connection, without asking for records', async () => {
    const api = stubApi({ [`${SF}/connection.get`]: { body: { connection: null } } });
    renderInApp(<SalesforceSyncPanel email={EMAIL} canEdit />);
    expect(await screen.findByText('No Salesforce connection')).toBeTruthy();
    expect(api.callsTo(`${SF}/person.records`)).toHaveLength(0);
  });

  it("offers to try again when the connection could not be read, instead of 'No Salesforce connection'", async () => {
    const api = stubApi({
      [`${SF}/connection.get`]: [errorBody(500, 'INTERNAL_ERROR', null), { body: { connection: null } }],
    });
    renderInApp(<SalesforceSyncPanel email={EMAIL} canEdit />);
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No Salesforce connection')).toBeTruthy();
    expect(api.callsTo(`${SF}/connection.get`)).toHaveLength(2);
  });

  it("offers to try again when the contact's records could not be read, instead of 'No Salesforce records'", async () => {
    const api = stubApi({
      ...connected,
      ...noError,
      [`${SF}/person.records`]: [errorBody(500, 'INTERNAL_ERROR', null), recordsAnswer([])],
    });
    renderInApp(<SalesforceSyncPanel email={EMAIL} canEdit />);
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No Salesforce records')).toBeTruthy();
    expect(api.callsTo(`${SF}/person.records`)).toHaveLength(2);
  });

  it('says so when the contact has no Salesforce record', async () => {
    stubApi({ ...connected, ...noError, [`${SF}/person.records`]: recordsAnswer([]) });
    renderInApp(<SalesforceSyncPanel email={EMAIL} canEdit />);
    expect(await screen.findByText('No Salesforce records')).toBeTruthy();
  });

  it("lists the records with the chosen one marked, 'Up-to-date', and 'Not Available' for a missing name", async () => {
    const api = stubApi({
      ...connected,
      ...noError,
      [`${SF}/person.records`]: recordsAnswer([record(), lead]),
    });
    renderInApp(<SalesforceSyncPanel email={EMAIL} canEdit />);
    const table = await screen.findByTestId('sf-person-records');
    const [contactRow, leadRow] = within(table).getAllByRole('row').slice(1);
    expect(within(contactRow!).getByText('Jamie Rivera')).toBeTruthy();
    expect(within(contactRow!).getByText('Selected')).toBeTruthy();
    expect(within(contactRow!).getByText(formatDateTime('2026-11-25T08:00:00.000Z'))).toBeTruthy();
    expect(
      within(contactRow!)
        .getByRole('link', { name: '003000000000001AAA in Salesforce (opens in a new tab)' })
        .getAttribute('href'),
    ).toBe(`${connection.instance_url}/003000000000001AAA`);
    expect(within(leadRow!).getByText('Not Available')).toBeTruthy();
    expect(within(leadRow!).getByText('Lead')).toBeTruthy();
    expect(within(leadRow!).queryByText('Selected')).toBeNull();
    expect(await screen.findByText('Up-to-date')).toBeTruthy();
    expect(screen.getByText(`Last updated ${formatDateTime(LAST_UPDATED)}`)).toBeTruthy();
    expect(api.callsTo(`${SF}/person.records`)[0]?.body).toEqual({ email: EMAIL });
  });

  it("shows 'Sync error' with the latest error when it is newer than the last update", async () => {
    stubApi({
      ...connected,
      [`${SF}/person.records`]: recordsAnswer([record()]),
      [`${SF}/errors.latest`]: {
        body: {
          error: {
            last_occurred: '2026-11-26T10:00:00.000Z',
            error_text: 'FIELD_CUSTOM_VALIDATION_EXCEPTION',
          },
        },
      },
    });
    renderInApp(<SalesforceSyncPanel email={EMAIL} canEdit />);
    const badge = await screen.findByRole('button', { name: 'Sync error' });
    const detail = `FIELD_CUSTOM_VALIDATION_EXCEPTION (${formatDateTime('2026-11-26T10:00:00.000Z')})`;
    expect(document.getElementById(badge.getAttribute('aria-describedby')!)?.textContent).toBe(detail);
    expect(screen.queryByText('Up-to-date')).toBeNull();
  });

  it("remaps to the chosen record after 'Change mapping', and Cancel leaves it as it was", async () => {
    const api = stubApi({
      ...connected,
      ...noError,
      [`${SF}/person.records`]: recordsAnswer([record(), lead]),
      [`${SF}/person.remap`]: [
        errorBody(404, 'NotFound', 'Salesforce record not found for this contact'),
        recordsAnswer([record({ _is_selected: false }), { ...lead, _is_selected: true }]),
      ],
    });
    renderInApp(<SalesforceSyncPanel email={EMAIL} canEdit />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Salesforce mapping' }));
    expect(screen.getByRole('button', { name: 'Save Salesforce mapping' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('radio', { name: 'Sync with Not Available (00Q000000000002AAA)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel Salesforce mapping' }));
    expect(screen.queryByRole('radio')).toBeNull();
    expect(api.callsTo(`${SF}/person.remap`)).toHaveLength(0);

    const chooseLeadAndSave = async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Edit Salesforce mapping' }));
      fireEvent.click(screen.getByRole('radio', { name: 'Sync with Not Available (00Q000000000002AAA)' }));
      fireEvent.click(screen.getByRole('button', { name: 'Save Salesforce mapping' }));
      const dialog = await screen.findByRole('dialog', { name: 'Change mapping' });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Change mapping' }));
    };
    await chooseLeadAndSave();
    expect(await screen.findByText('Remap failed!')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel Salesforce mapping' }));

    await chooseLeadAndSave();
    expect(await screen.findByText('Remapped successfuly!')).toBeTruthy();
    expect(api.callsTo(`${SF}/person.remap`)[1]?.body).toEqual({ email: EMAIL, sf_id: '00Q000000000002AAA' });
    await waitFor(() => expect(screen.queryByRole('radio')).toBeNull());
    const [contactRow, leadRow] = within(screen.getByTestId('sf-person-records'))
      .getAllByRole('row')
      .slice(1);
    expect(within(leadRow!).getByText('Selected')).toBeTruthy();
    expect(within(contactRow!).queryByText('Selected')).toBeNull();
  });

  it("resyncs the contact with the spec's toasts", async () => {
    const api = stubApi({
      ...connected,
      ...noError,
      [`${SF}/person.records`]: recordsAnswer([record()]),
      [`${SF}/person.resync`]: [
        errorBody(404, 'NotFound', 'Connection not found'),
        { body: { resynced: 1 } },
      ],
    });
    renderInApp(<SalesforceSyncPanel email={EMAIL} canEdit />);
    fireEvent.click(await screen.findByRole('button', { name: 'Resync' }));
    expect(await screen.findByText('Resync record failed')).toBeTruthy();
    expect(screen.queryByText('Connection not found')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Resync' }));
    expect(await screen.findByText('Record succesfully scheduled to sync')).toBeTruthy();
    expect(api.callsTo(`${SF}/person.resync`)[1]?.body).toEqual({ email: EMAIL });
  });

  it('keeps Edit and Resync disabled for members who are not admins', async () => {
    stubApi({ ...connected, ...noError, [`${SF}/person.records`]: recordsAnswer([record(), lead]) });
    renderInApp(<SalesforceSyncPanel email={EMAIL} canEdit={false} />);
    expect(await screen.findByRole('button', { name: 'Edit Salesforce mapping' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.getByRole('button', { name: 'Resync' })).toHaveProperty('disabled', true);
  });
});

describe('the contact page Salesforce Sync tab', () => {
  const PERSON_ID = 'a1b2c3d4-0000-4000-8000-000000000001';
  const person = {
    id: PERSON_ID,
    email: EMAIL,
    org_id: null,
    product_user_id: null,
    unsubscribed: false,
    _created_time: '2026-11-01T10:00:00.000Z',
    _updated_time: '2026-11-01T10:00:00.000Z',
    default_fields: [],
    custom_fields: [],
  };
  const open = async (role: 'CUSTOMER_ORG_ADMIN' | 'CUSTOMER_ORG_USER') => {
    const account = accountRecord('a0000000-0000-4000-8000-000000000009', 'ada@acme.com', role);
    const api = stubApi({
      [`${AUTH}/accounts/token.verify`]: { body: sessionOf(account) },
      ['/api/campaign/v1/person.get']: { body: { person } },
      ...connected,
      ...noError,
      [`${SF}/person.records`]: recordsAnswer([record()]),
    });
    renderAppAt(`/contacts/${PERSON_ID}`);
    await screen.findByText('No title or company yet', { exact: false });
    expect(api.callsTo(`${SF}/person.records`)).toHaveLength(0);
    fireEvent.click(screen.getByRole('tab', { name: 'Salesforce Sync' }));
    return screen.findByTestId('sf-person-records');
  };

  it("reads the contact's records by email when the tab opens, and lets an admin change them", async () => {
    const table = await open('CUSTOMER_ORG_ADMIN');
    expect(within(table).getByText('Jamie Rivera')).toBeTruthy();
    const panel = screen.getByRole('tabpanel', { name: 'Salesforce Sync' });
    expect(within(panel).getByRole('button', { name: 'Edit Salesforce mapping' })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it('shows a member the records with the changes disabled', async () => {
    await open('CUSTOMER_ORG_USER');
    const panel = screen.getByRole('tabpanel', { name: 'Salesforce Sync' });
    expect(within(panel).getByRole('button', { name: 'Edit Salesforce mapping' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(within(panel).getByRole('button', { name: 'Resync' })).toHaveProperty('disabled', true);
  });
});
