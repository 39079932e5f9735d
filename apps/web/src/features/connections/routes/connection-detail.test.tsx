import type { ActivityLog, SyncRun, SyncSummary } from '@meridian/contracts';
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
  warehouseConnection,
} from '../test-fixtures';

beforeEach(() => window.localStorage.setItem(AUTH_TOKEN_KEY, 'token-1'));
afterEach(resetAppHarness);
// jsdom has no layout: the chart measures its box.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

const summary = (overrides: Partial<SyncSummary> = {}): SyncSummary => ({
  sync_enabled: true,
  error: null,
  error_time: null,
  next_run_time: '2026-11-26T15:00:00.000Z',
  time_last_synced: null,
  last_sync_time_taken: null,
  records_synced_count: 0,
  total_records_synced_count: 0,
  table_count: 1,
  ...overrides,
});
const failedRun: SyncRun = {
  id: 'r-1',
  state: 'failed',
  time_sync_started: new Date().toISOString(),
  time_sync_finished: new Date().toISOString(),
  error: 'relation "customers" does not exist',
  error_time: new Date().toISOString(),
  records_read_count: 0,
  records_synced_count: 0,
  records_inserted_count: 0,
  records_updated_count: 0,
  records_failed_count: 0,
};

const base = {
  ...signedInAdmin,
  ...constantsAnswer,
  [`${INT}/warehouse/connection/get`]: { body: { connection: warehouseConnection() } },
  [`${INT}/activity-log/list`]: page('records', []),
};

describe('the connection detail page (spec 2)', () => {
  it("shows every empty text: 'No sync runs yet', 'No errors found', 'No Activities Yet!'", async () => {
    stubApi({
      ...base,
      [`${INT}/warehouse/sync/summary`]: { body: { summary: summary() } },
      [`${INT}/warehouse/sync/run/list`]: { body: { ...page('records', []).body, record_count: 0 } },
    });
    renderAppAt(`/connection/${CONNECTION_ID}`);
    expect(await screen.findByText('No sync runs yet')).toBeTruthy();
    expect(await screen.findByText('No errors found')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Activity log' }));
    expect(await screen.findByText('No Activities Yet!')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Connection details' }));
    expect(await screen.findByRole('button', { name: 'Edit Connection' })).toBeTruthy();
    expect(screen.getByText('db.acme.com')).toBeTruthy();
  });

  it('lists only the last 24 hours of errors on the Sync Errors card; the history keeps the week', async () => {
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600 * 1000).toISOString();
    const older: SyncRun = {
      ...failedRun,
      id: 'r-old',
      error: 'an error of two days ago',
      error_time: twoDaysAgo,
      time_sync_started: twoDaysAgo,
    };
    stubApi({
      ...base,
      [`${INT}/warehouse/sync/summary`]: { body: { summary: summary() } },
      [`${INT}/warehouse/sync/run/list`]: {
        body: { ...page('records', [failedRun, older]).body, record_count: 2 },
      },
    });
    renderAppAt(`/connection/${CONNECTION_ID}`);
    const errors = await screen.findByRole('region', { name: 'Sync Errors' });
    expect(await within(errors).findByText('relation "customers" does not exist')).toBeTruthy();
    expect(within(errors).queryByText('an error of two days ago')).toBeNull();
    expect(within(errors).getByText('Last 24 hours')).toBeTruthy();
    expect(within(await screen.findByTestId('sync-runs-table')).getAllByRole('row')).toHaveLength(3);
  });

  it('says when the sync runs could not be loaded instead of showing none, and reads them again', async () => {
    const runs = { body: { ...page('records', [failedRun]).body, record_count: 1 } };
    const failure = errorBody(500, 'InternalServerError', 'Something went wrong!');
    const api = stubApi({
      ...base,
      [`${INT}/warehouse/sync/summary`]: { body: { summary: summary() } },
      [`${INT}/warehouse/sync/run/list`]: [failure, failure, runs],
    });
    renderAppAt(`/connection/${CONNECTION_ID}`);
    const retries = await screen.findAllByRole('button', { name: 'Try again' });
    expect(screen.queryByText('No sync runs yet')).toBeNull();
    expect(screen.queryByText('No errors found')).toBeNull();
    fireEvent.click(retries[retries.length - 1]!);
    await waitFor(() =>
      expect(api.callsTo(`${INT}/warehouse/sync/run/list`).length).toBeGreaterThanOrEqual(3),
    );
  });

  it('says when the sync details could not be loaded, and reads them again on refresh', async () => {
    const api = stubApi({
      ...base,
      [`${INT}/warehouse/sync/summary`]: [
        errorBody(500, 'InternalServerError', 'Something went wrong!'),
        { body: { summary: summary() } },
      ],
      [`${INT}/warehouse/sync/run/list`]: { body: { ...page('records', []).body, record_count: 0 } },
    });
    renderAppAt(`/connection/${CONNECTION_ID}`);
    expect(await screen.findByText(/The sync details could not be loaded/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh sync details' }));
    expect(await screen.findByText('Records synced in total')).toBeTruthy();
    expect(api.callsTo(`${INT}/warehouse/sync/summary`)).toHaveLength(2);
  });

  it("says when the activity log could not be loaded instead of 'No Activities Yet!', and reads it again", async () => {
    const activity: ActivityLog = {
      id: 'l-1',
      activity_time: '2026-11-20T09:00:00.000Z',
      activity_type: 'sync_created',
      account_id: null,
      additional_info: { tables_added: ['customers'], tables_edited: [] },
    };
    const api = stubApi({
      ...base,
      [`${INT}/warehouse/sync/summary`]: { body: { summary: summary() } },
      [`${INT}/warehouse/sync/run/list`]: { body: { ...page('records', []).body, record_count: 0 } },
      [`${INT}/activity-log/list`]: [
        errorBody(500, 'InternalServerError', 'Something went wrong!'),
        page('records', [activity]),
      ],
    });
    renderAppAt(`/connection/${CONNECTION_ID}`);
    fireEvent.click(await screen.findByRole('tab', { name: 'Activity log' }));
    expect(await screen.findByText('This list could not be loaded')).toBeTruthy();
    expect(screen.queryByText('No Activities Yet!')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Tables added: customers')).toBeTruthy();
    expect(api.callsTo(`${INT}/activity-log/list`)).toHaveLength(2);
    expect(screen.queryByText('No Activities Yet!')).toBeNull();
  });

  it("shows 'Sync Paused' with the error and Copy error, and resumes with the spec's toast", async () => {
    const paused = summary({
      sync_enabled: false,
      next_run_time: null,
      error: { 'Sync Paused': 'password authentication failed for user "reader"' },
      error_time: '2026-11-26T09:00:00.000Z',
    });
    const api = stubApi({
      ...base,
      [`${INT}/warehouse/sync/summary`]: [{ body: { summary: paused } }, { body: { summary: summary() } }],
      [`${INT}/warehouse/sync/run/list`]: { body: { ...page('records', [failedRun]).body, record_count: 1 } },
      [`${INT}/warehouse/sync/toggle`]: { body: { summary: summary() } },
    });
    renderAppAt(`/connection/${CONNECTION_ID}`);
    const details = await screen.findByRole('region', { name: 'Sync Details' });
    expect(await within(details).findByText('password authentication failed for user "reader"')).toBeTruthy();
    expect(within(details).getAllByText('Sync Paused').length).toBeGreaterThan(0);
    expect(within(details).getByRole('button', { name: 'Copy error' })).toBeTruthy();
    const errors = screen.getByRole('region', { name: 'Sync Errors' });
    expect(await within(errors).findByText('Encountered error')).toBeTruthy();
    expect(within(errors).getByText('relation "customers" does not exist')).toBeTruthy();

    fireEvent.click(within(details).getByRole('button', { name: 'Resume Sync' }));
    expect(await screen.findByText('Sync Successfully Resumed')).toBeTruthy();
    expect(api.callsTo(`${INT}/warehouse/sync/toggle`)[0]?.body).toEqual({
      connection_id: CONNECTION_ID,
      sync_enabled: true,
    });
    await waitFor(() => expect(within(details).getByRole('button', { name: 'Pause Sync' })).toBeTruthy());
  });
});
