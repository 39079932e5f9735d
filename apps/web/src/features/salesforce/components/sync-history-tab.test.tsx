import { emptySalesforceSyncCount } from '@meridian/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AUTH_TOKEN_KEY } from '@/lib/auth-token';
import { formatDateTime } from '@/lib/format-date';
import { errorBody, stubApi } from '@/test/api-stub';
import { resetAppHarness } from '@/test/app-harness';
import { renderInApp } from '@/test/render-in-app';
import { historyDetails, INT, runsPage, SF_CONNECTION_ID, syncRun } from '../test-fixtures';
import { defaultDayRange, dayRangeTimes } from '../utils/date-window';
import { SyncHistoryTab } from './sync-history-tab';

const RUNS = `${INT}/salesforce/sync/runs.list`;
const DETAILS = `${INT}/salesforce/sync/history.details`;

beforeEach(() => window.localStorage.setItem(AUTH_TOKEN_KEY, 'token-1'));
afterEach(resetAppHarness);

const busyRun = () => {
  const read = emptySalesforceSyncCount();
  read.contact = { inserted: 7, updated: 2, failed: 1 };
  read.lead = { inserted: 3, updated: 0, failed: 0 };
  const write = emptySalesforceSyncCount();
  write.contact = { inserted: 0, updated: 4, failed: 2 };
  return syncRun({
    id: 'run-busy',
    sync_read_count: read,
    sync_write_count: write,
    total_records: 25,
    api_calls: 6,
    deferred_count: 40,
  });
};

describe(SyncHistoryTab.name, () => {
  it('reads the last 7 days without empty runs, and shows the details card and the runs', async () => {
    const api = stubApi({
      [DETAILS]: {
        body: historyDetails({
          next_sync_time: '2026-11-26T11:00:00.000Z',
          total_new_contact_count: 12,
          total_new_lead_count: 3,
          total_contact_count: 1200,
          total_lead_count: 34,
        }),
      },
      [RUNS]: runsPage([
        busyRun(),
        syncRun({ id: 'run-odd', state: 'partially_exploded', total_records: 0 }),
      ]),
    });
    renderInApp(<SyncHistoryTab connectionId={SF_CONNECTION_ID} />);

    const table = await screen.findByTestId('sf-runs-table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual([
      'Synced On',
      'Person',
      'Accounts (coming soon)',
      'Opportunity (coming soon)',
      'Total Records',
      'Sync State',
    ]);
    const [busy, odd] = within(table).getAllByRole('row').slice(1);
    expect(within(busy!).getByText('19')).toBeTruthy();
    expect(within(busy!).getByText('25')).toBeTruthy();
    expect(within(busy!).getByText('finished')).toBeTruthy();
    expect(within(busy!).getAllByText('Not Available')).toHaveLength(2);
    expect(within(odd!).getByText('error')).toBeTruthy();

    const details = screen.getByRole('region', { name: 'Sync details' });
    expect(within(details).getByText(formatDateTime('2026-11-26T11:00:00.000Z'))).toBeTruthy();
    expect(within(details).getByText('15')).toBeTruthy();
    expect(within(details).getByText('1,234')).toBeTruthy();
    expect(within(details).getByText('Not Available')).toBeTruthy();

    expect(api.callsTo(RUNS)[0]?.body).toEqual({
      connection_id: SF_CONNECTION_ID,
      should_include_empty_runs: false,
      ...dayRangeTimes(defaultDayRange()),
      page_number: 1,
      page_size: 10,
    });
  });

  it("shows 'not scheduled' when no run is due, and 'Not Available' when the details cannot be read", async () => {
    stubApi({ [DETAILS]: { body: historyDetails() }, [RUNS]: runsPage([]) });
    renderInApp(<SyncHistoryTab connectionId={SF_CONNECTION_ID} />);
    const details = await screen.findByRole('region', { name: 'Sync details' });
    expect(await within(details).findByText('not scheduled')).toBeTruthy();
  });

  it("shows 'Not Available' for every detail when the details call fails", async () => {
    stubApi({ [DETAILS]: errorBody(404, 'NotFound', 'Connection not found'), [RUNS]: runsPage([]) });
    renderInApp(<SyncHistoryTab connectionId={SF_CONNECTION_ID} />);
    const details = await screen.findByRole('region', { name: 'Sync details' });
    await waitFor(() => expect(within(details).getAllByText('Not Available')).toHaveLength(4));
  });

  it("says 'No sync history found', and shows empty runs once 'Hide empty runs' is off", async () => {
    const api = stubApi({
      [DETAILS]: { body: historyDetails() },
      [RUNS]: [runsPage([]), runsPage([syncRun({ id: 'empty-run' })])],
    });
    renderInApp(<SyncHistoryTab connectionId={SF_CONNECTION_ID} />);
    expect(await screen.findByText('No sync history found')).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: 'Hide empty runs' }));
    expect(await screen.findByTestId('sf-runs-table')).toBeTruthy();
    expect(api.callsTo(RUNS).at(-1)?.body).toMatchObject({ should_include_empty_runs: true, page_number: 1 });
  });

  it("offers to try again when the runs could not be read, instead of 'No sync history found'", async () => {
    const api = stubApi({
      [DETAILS]: { body: historyDetails() },
      [RUNS]: [errorBody(500, 'INTERNAL_ERROR', null), runsPage([])],
    });
    renderInApp(<SyncHistoryTab connectionId={SF_CONNECTION_ID} />);
    expect(await screen.findByText('This list could not be loaded')).toBeTruthy();
    expect(screen.queryByText('No sync history found')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No sync history found')).toBeTruthy();
    expect(api.callsTo(RUNS)).toHaveLength(2);
  });

  it('shows imported, updated and errors per object when a run is hovered or its time pressed', async () => {
    stubApi({ [DETAILS]: { body: historyDetails() }, [RUNS]: runsPage([busyRun()]) });
    renderInApp(<SyncHistoryTab connectionId={SF_CONNECTION_ID} />);
    const table = await screen.findByTestId('sf-runs-table');
    const row = within(table).getAllByRole('row')[1]!;
    fireEvent.mouseEnter(row);
    const popover = await screen.findByTestId('run-details');
    expect(within(popover).getByText('Salesforce to Meridian')).toBeTruthy();
    expect(within(popover).getByText('Meridian to Salesforce')).toBeTruthy();
    const lines = within(popover)
      .getAllByRole('row')
      .map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));
    expect(lines).toContainEqual(['Contacts', '7', '2', '1']);
    expect(lines).toContainEqual(['Leads', '3', '0', '0']);
    expect(lines).toContainEqual(['Contacts', '0', '4', '2']);
    expect(within(popover).getByText(/40 deferred/)).toBeTruthy();
    fireEvent.mouseLeave(row);
    await waitFor(() => expect(screen.queryByTestId('run-details')).toBeNull());

    const time = within(row).getByRole('button', { name: /^Run details/ });
    fireEvent.click(time);
    expect(await screen.findByTestId('run-details')).toBeTruthy();
    expect(time.getAttribute('aria-expanded')).toBe('true');
  });

  it('pages through the runs and filters by the date range', async () => {
    const api = stubApi({
      [DETAILS]: { body: historyDetails() },
      [RUNS]: runsPage([syncRun()], 3),
    });
    renderInApp(<SyncHistoryTab connectionId={SF_CONNECTION_ID} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(api.callsTo(RUNS).at(-1)?.body).toMatchObject({ page_number: 2 }));

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-10-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-10-31' } });
    await waitFor(() =>
      expect(api.callsTo(RUNS).at(-1)?.body).toMatchObject({
        ...dayRangeTimes({ from: '2026-10-01', to: '2026-10-31' }),
        page_number: 1,
      }),
    );
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-09-01' } });
    expect(await screen.findByText('End date must be after start date')).toBeTruthy();
  });
});
