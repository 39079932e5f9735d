import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AUTH_TOKEN_KEY } from '@/lib/auth-token';
import { formatDateTime } from '@/lib/format-date';
import { errorBody, stubApi } from '@/test/api-stub';
import { resetAppHarness } from '@/test/app-harness';
import { renderInApp } from '@/test/render-in-app';
import {
  affectedPage,
  affectedRecord,
  errorsPage,
  errorSummary,
  errorTypesAnswer,
  INT,
  salesforceConnection,
  SF_CONNECTION_ID,
} from '../test-fixtures';
import { dayRangeTimes, defaultDayRange } from '../utils/date-window';
import { SyncHealthTab } from './sync-health-tab';

const SF = `${INT}/salesforce`;
const LIST = `${SF}/errors.list`;
const window7 = () => dayRangeTimes(defaultDayRange());

beforeEach(() => window.localStorage.setItem(AUTH_TOKEN_KEY, 'token-1'));
afterEach(resetAppHarness);

const twoClasses = () =>
  errorsPage([errorSummary(), errorSummary({ error_class: 'others', display: 'Others', count: 1 })]);

describe(SyncHealthTab.name, () => {
  it('shows a tab per error type and the classes of the last 7 days with their details', async () => {
    const api = stubApi({
      [`${SF}/errors.types`]: errorTypesAnswer,
      [LIST]: [
        twoClasses(),
        errorsPage([errorSummary({ error_class: 'others', display: 'Others', count: 1 })]),
      ],
    });
    renderInApp(<SyncHealthTab connectionId={SF_CONNECTION_ID} canEdit />);
    const table = await screen.findByTestId('sf-errors-table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['', 'Error Class', 'Affected Records', 'First Detected', 'Last Detected']);
    const row = screen.getByTestId('error-row-field_permission');
    expect(within(row).getByText('Salesforce field permission')).toBeTruthy();
    expect(
      await within(row).findByText(
        "couldn't sync because the integration user doesn't have the required Salesforce field permissions",
      ),
    ).toBeTruthy();
    expect(within(row).getByText(formatDateTime('2026-11-24T08:00:00.000Z'))).toBeTruthy();
    expect(within(row).getByText(formatDateTime('2026-11-26T09:00:00.000Z'))).toBeTruthy();
    expect(api.callsTo(LIST)[0]?.body).toEqual({
      connection_id: SF_CONNECTION_ID,
      error_type: 'all',
      ...window7(),
      page_number: 1,
      page_size: 10,
    });

    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'All errors',
      'Others',
      'Salesforce field permission',
    ]);
    fireEvent.click(screen.getByRole('tab', { name: 'Others' }));
    await waitFor(() => expect(screen.queryByTestId('error-row-field_permission')).toBeNull());
    expect(screen.getByTestId('error-row-others')).toBeTruthy();
    expect(api.callsTo(LIST).at(-1)?.body).toMatchObject({ error_type: 'others', page_number: 1 });
  });

  it("says 'No sync errors found' when the window has none", async () => {
    stubApi({ [`${SF}/errors.types`]: errorTypesAnswer, [LIST]: errorsPage([]) });
    renderInApp(<SyncHealthTab connectionId={SF_CONNECTION_ID} canEdit />);
    expect(await screen.findByText('No sync errors found')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'RESYNC' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'ARCHIVE' })).toHaveProperty('disabled', true);
  });

  it("offers to try again when the errors could not be read, instead of 'No sync errors found'", async () => {
    const api = stubApi({
      [`${SF}/errors.types`]: errorTypesAnswer,
      [LIST]: [errorBody(500, 'INTERNAL_ERROR', null), errorsPage([])],
    });
    renderInApp(<SyncHealthTab connectionId={SF_CONNECTION_ID} canEdit />);
    expect(await screen.findByText('This list could not be loaded')).toBeTruthy();
    expect(screen.queryByText('No sync errors found')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No sync errors found')).toBeTruthy();
    expect(api.callsTo(LIST)).toHaveLength(2);
  });

  it("offers to try again when a class's affected records could not be read, instead of 'No entries exist'", async () => {
    const api = stubApi({
      [`${SF}/errors.types`]: errorTypesAnswer,
      [LIST]: twoClasses(),
      [`${SF}/connection.get`]: { body: { connection: salesforceConnection() } },
      [`${SF}/error-class.query`]: [errorBody(500, 'INTERNAL_ERROR', null), affectedPage([])],
    });
    renderInApp(<SyncHealthTab connectionId={SF_CONNECTION_ID} canEdit />);
    fireEvent.click(
      await screen.findByRole('button', { name: '3 affected records of Salesforce field permission' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Affected records: Salesforce field permission',
    });
    expect(await within(dialog).findByText('This list could not be loaded')).toBeTruthy();
    expect(within(dialog).queryByText('No entries exist')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText('No entries exist')).toBeTruthy();
    expect(api.callsTo(`${SF}/error-class.query`)).toHaveLength(2);
  });

  it('resyncs the chosen classes over the window after the confirmation', async () => {
    const api = stubApi({
      [`${SF}/errors.types`]: errorTypesAnswer,
      [LIST]: [
        twoClasses(),
        errorsPage([errorSummary({ error_class: 'others', display: 'Others', count: 1 })]),
      ],
      [`${SF}/errors.resync`]: { body: { resynced: 3 } },
    });
    renderInApp(<SyncHealthTab connectionId={SF_CONNECTION_ID} canEdit />);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select Salesforce field permission' }));
    fireEvent.click(screen.getByRole('button', { name: 'RESYNC' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resync contacts' });
    expect(api.callsTo(`${SF}/errors.resync`)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resync' }));
    expect(await screen.findByText('Contacts successfully resynced')).toBeTruthy();
    expect(api.callsTo(`${SF}/errors.resync`)[0]?.body).toEqual({
      connection_id: SF_CONNECTION_ID,
      error_names: ['field_permission'],
      ...window7(),
    });
    // The list is read again: the resynced class has left it.
    await waitFor(() => expect(screen.queryByTestId('error-row-field_permission')).toBeNull());
    expect(screen.getByRole('checkbox', { name: 'Select Others' })).toHaveProperty('checked', false);
  });

  it('archives every class chosen with the header checkbox, and shows a refusal as the server words it', async () => {
    const api = stubApi({
      [`${SF}/errors.types`]: errorTypesAnswer,
      [LIST]: twoClasses(),
      [`${SF}/error.archive`]: [
        errorBody(404, 'NotFound', 'Connection not found'),
        { body: { archived: 4 } },
      ],
    });
    renderInApp(<SyncHealthTab connectionId={SF_CONNECTION_ID} canEdit />);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select all error classes' }));
    fireEvent.click(screen.getByRole('button', { name: 'ARCHIVE' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Archive errors' })).getByRole('button', {
        name: 'Archive',
      }),
    );
    expect(await screen.findByText('Connection not found')).toBeTruthy();
    expect(screen.queryByText('Errors successfully archived')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'ARCHIVE' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Archive errors' })).getByRole('button', {
        name: 'Archive',
      }),
    );
    expect(await screen.findByText('Errors successfully archived')).toBeTruthy();
    expect(api.callsTo(`${SF}/error.archive`)[1]?.body).toMatchObject({
      error_names: ['field_permission', 'others'],
    });
  });

  it('keeps RESYNC and ARCHIVE disabled for members who are not admins', async () => {
    stubApi({ [`${SF}/errors.types`]: errorTypesAnswer, [LIST]: twoClasses() });
    renderInApp(<SyncHealthTab connectionId={SF_CONNECTION_ID} canEdit={false} />);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select Others' }));
    expect(screen.getByRole('button', { name: 'RESYNC' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'ARCHIVE' })).toHaveProperty('disabled', true);
  });

  it('lists the affected records of a class, 5 a page, with links to the contact and the Salesforce record', async () => {
    const api = stubApi({
      [`${SF}/errors.types`]: errorTypesAnswer,
      [LIST]: twoClasses(),
      [`${SF}/connection.get`]: { body: { connection: salesforceConnection() } },
      [`${SF}/error-class.query`]: [
        affectedPage(
          [affectedRecord(), affectedRecord({ id: 'e-2', name: null, meridian_id: null, email: null })],
          2,
        ),
        affectedPage([]),
      ],
    });
    renderInApp(<SyncHealthTab connectionId={SF_CONNECTION_ID} canEdit />);
    fireEvent.click(
      await screen.findByRole('button', { name: '3 affected records of Salesforce field permission' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Affected records: Salesforce field permission',
    });
    const table = await within(dialog).findByTestId('sf-affected-table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Error Details', 'View Record', 'Error Date']);
    const inProduct = within(table).getByRole('link', { name: 'View Jamie Rivera in Meridian' });
    expect(inProduct.getAttribute('href')).toBe('/contacts/p-1');
    const inSalesforce = await within(table).findByRole('link', {
      name: 'View Jamie Rivera in Salesforce (opens in a new tab)',
    });
    expect(inSalesforce.getAttribute('href')).toBe('https://acme.my.salesforce.com/003000000000001AAA');
    expect(within(table).getAllByText(formatDateTime('2026-11-25T08:00:00.000Z'))).toHaveLength(2);
    expect(within(table).getByText('Not Available')).toBeTruthy();
    expect(api.callsTo(`${SF}/error-class.query`)[0]?.body).toEqual({
      connection_id: SF_CONNECTION_ID,
      error_class: 'field_permission',
      ...window7(),
      page_number: 1,
      page_size: 5,
    });

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Search records' }), {
      target: { value: 'nobody' },
    });
    expect(await within(dialog).findByText('No entries exist')).toBeTruthy();
    expect(api.callsTo(`${SF}/error-class.query`).at(-1)?.body).toMatchObject({
      keyword: 'nobody',
      page_number: 1,
    });
  });
});
