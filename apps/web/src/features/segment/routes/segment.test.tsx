import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_KEY } from '@/lib/auth-token';
import { SHARED_ERROR_MESSAGES } from '@/lib/error-handling';
import { errorBody, stubApi } from '@/test/api-stub';
import {
  accountRecord as account,
  AUTH,
  renderAppAt as renderAt,
  resetAppHarness,
  sessionOf as session,
} from '@/test/app-harness';

vi.setConfig({ testTimeout: 20_000 });

// jsdom has no layout: the window picker's options scroll into view when it opens.
if (!('scrollIntoView' in Element.prototype)) {
  Object.defineProperty(Element.prototype, 'scrollIntoView', { value: () => undefined, writable: true });
}

const SEGMENT = '/api/integrations/v1/segment';
const CAMPAIGN = '/api/campaign/v1';
const STAMP = '2026-01-01T00:00:00.000Z';
const admin = account('a0000000-0000-4000-8000-000000000001', 'ada@acme.com', 'CUSTOMER_ORG_ADMIN');
const user = account('a0000000-0000-4000-8000-000000000002', 'uma@acme.com', 'CUSTOMER_ORG_USER');
const apiKey = (id: string, prefix: string, keyType = 'segment') => ({
  id,
  label: 'Segment write key',
  key_type: keyType,
  prefix,
  created_by_id: admin.id,
  time_created: STAMP,
});
const hours = (counts: number[]) => ({
  rows: counts.map((count, hour) => ({ date: '2026-01-01', hour, count })),
  total_count: counts.reduce((sum, count) => sum + count, 0),
});
const days = (n: number, count: number) => ({
  rows: Array.from({ length: n }, (_, day) => ({
    date: `2026-01-${String((day % 28) + 1).padStart(2, '0')}`,
    hour: null,
    count,
  })),
  total_count: n * count,
});
const noErrors = { records: [], page_number: 1, page_size: 10, page_count: 0, total_count: 0 };
const refused = {
  id: 'e1',
  exception: 'MissingEventName',
  description: 'Track event is missing name',
  event_type: 'track',
  message_id: 'm-1',
  payload_excerpt: '{"type":"track","userId":"u-1"}',
  time_created: STAMP,
};

/** Every call of the page answered, with a few things to override per test. */
function pageApi(overrides: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    [`${AUTH}/accounts/token.verify`]: { body: session(admin) },
    [`${AUTH}/api-key/list`]: { body: { api_keys: [] } },
    [`${SEGMENT}/events.report`]: { body: hours(Array.from({ length: 24 }, (_, h) => (h === 23 ? 7 : 0))) },
    [`${SEGMENT}/errors.report`]: { body: hours(Array.from({ length: 24 }, () => 0)) },
    [`${SEGMENT}/errors.list`]: { body: noErrors },
    [`${CAMPAIGN}/settings/unsub-url/get`]: { body: { unsub_url: null } },
    ...overrides,
  });
}

beforeEach(() => window.localStorage.setItem(AUTH_TOKEN_KEY, 'token-1'));
afterEach(resetAppHarness);

describe('the Segment page', () => {
  it('asks before issuing the first key too, then shows it once, with the set-up for this host', async () => {
    const api = pageApi({
      [`${AUTH}/api-key/list`]: [
        { body: { api_keys: [apiKey('k0', 'mk_other', 'zapier')] } },
        { body: { api_keys: [apiKey('k1', 'mk_seg1')] } },
      ],
      [`${AUTH}/api-key/create`]: {
        body: { api_key: { ...apiKey('k1', 'mk_seg1'), key: 'mk_seg1_secret' } },
      },
    });
    renderAt('/segment');
    expect(await screen.findByText(/No API key yet/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Refresh API Keys' }));
    let confirm = await screen.findByRole('dialog', { name: 'Refresh API Keys' });
    expect(within(confirm).getByText(/shown once/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Refresh API Keys' })).toBeNull());
    expect(api.callsTo(`${AUTH}/api-key/create`)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Refresh API Keys' }));
    confirm = await screen.findByRole('dialog', { name: 'Refresh API Keys' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Refresh' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your Segment API key' });
    expect(within(dialog).getByLabelText('API key')).toHaveProperty('value', 'mk_seg1_secret');
    expect(within(dialog).getByText(/cannot be viewed again/)).toBeTruthy();
    expect(within(dialog).getByText(/writeKey: 'mk_seg1_secret', host: 'http:\/\/localhost/)).toBeTruthy();
    expect(api.callsTo(`${AUTH}/api-key/create`)[0]?.body).toEqual({
      label: 'Segment write key',
      key_type: 'segment',
    });
    expect(await screen.findByText('API key created')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByDisplayValue('mk_seg1_secret')).toBeNull());
    expect(await screen.findByText('mk_seg1…')).toBeTruthy();
  });

  it('asks before a new key ends the current one, and does nothing on Cancel', async () => {
    const api = pageApi({
      [`${AUTH}/api-key/list`]: { body: { api_keys: [apiKey('k1', 'mk_seg1')] } },
      [`${AUTH}/api-key/create`]: {
        body: { api_key: { ...apiKey('k2', 'mk_seg2'), key: 'mk_seg2_secret' } },
      },
    });
    renderAt('/segment');
    expect(await screen.findByText('mk_seg1…')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Refresh API Keys' }));
    let confirm = await screen.findByRole('dialog', { name: 'Refresh API Keys' });
    expect(within(confirm).getByText(/ends the current one/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Refresh API Keys' })).toBeNull());
    expect(api.callsTo(`${AUTH}/api-key/create`)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Refresh API Keys' }));
    confirm = await screen.findByRole('dialog', { name: 'Refresh API Keys' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Refresh' }));
    const shown = await screen.findByRole('dialog', { name: 'Your Segment API key' });
    expect(within(shown).getByLabelText('API key')).toHaveProperty('value', 'mk_seg2_secret');
    expect(await screen.findByText('API key refreshed')).toBeTruthy();
    expect(api.callsTo(`${AUTH}/api-key/create`)).toHaveLength(1);
  });

  it('shows users the key read-only: Refresh API Keys and Save URL are disabled', async () => {
    const api = pageApi({
      [`${AUTH}/accounts/token.verify`]: { body: session(user) },
      [`${AUTH}/api-key/list`]: { body: { api_keys: [apiKey('k1', 'mk_seg1')] } },
      [`${CAMPAIGN}/settings/unsub-url/get`]: {
        body: {
          unsub_url: { url: 'https://acme.com/bye', customUrl: true, created_at: STAMP, updated_at: STAMP },
        },
      },
    });
    renderAt('/segment');
    expect(await screen.findByText('mk_seg1…')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh API Keys' })).toHaveProperty('disabled', true);
    const url = await screen.findByLabelText('URL');
    expect(url).toHaveProperty('value', 'https://acme.com/bye');
    expect(url).toHaveProperty('readOnly', true);
    expect(screen.getByRole('button', { name: 'Save URL' })).toHaveProperty('disabled', true);
    expect(api.callsTo(`${AUTH}/api-key/create`)).toHaveLength(0);
  });

  it('charts events and errors per hour, then per day for another range, in the browser zone', async () => {
    const api = pageApi({
      [`${SEGMENT}/events.report`]: [
        { body: hours(Array.from({ length: 24 }, (_, h) => (h === 23 ? 7 : 0))) },
        { body: days(30, 2) },
      ],
      [`${SEGMENT}/errors.report`]: [
        { body: hours(Array.from({ length: 24 }, (_, h) => (h === 5 ? 3 : 0))) },
        { body: days(30, 0) },
      ],
    });
    renderAt('/segment');
    expect(
      await screen.findByText(/7 events in the last 24 hours; the busiest hour was 23:00 with 7/),
    ).toBeTruthy();
    expect(
      await screen.findByText(/3 errors in the last 24 hours; the busiest hour was 05:00 with 3/),
    ).toBeTruthy();
    const tzOffset = -new Date().getTimezoneOffset() || 0;
    expect(api.callsTo(`${SEGMENT}/events.report`)[0]?.body).toEqual({
      time_unit: 'hour',
      time_range: 24,
      tz_offset: tzOffset,
    });

    fireEvent.click(screen.getByRole('radio', { name: '30 days' }));
    expect(
      await screen.findByText(/60 events in the last 30 days; the busiest day was Jan 1 with 2/),
    ).toBeTruthy();
    expect(await screen.findByText('No errors in the last 30 days')).toBeTruthy();
    expect(api.callsTo(`${SEGMENT}/errors.report`)[1]?.body).toEqual({
      time_unit: 'day',
      time_range: 30,
      tz_offset: tzOffset,
    });
  });

  it('lists the refused calls of the last 7 days, or says there were none', async () => {
    const api = pageApi({
      [`${SEGMENT}/errors.list`]: [
        { body: { records: [refused], page_number: 1, page_size: 10, page_count: 1, total_count: 1 } },
        { body: noErrors },
      ],
    });
    renderAt('/segment');
    expect(await screen.findByText('MissingEventName')).toBeTruthy();
    expect(screen.getByText('Track event is missing name')).toBeTruthy();
    const first = api.callsTo(`${SEGMENT}/errors.list`)[0]?.body as { start_time: string; page_size: number };
    expect(first.page_size).toBe(10);
    const daysBack = (Date.now() - Date.parse(first.start_time)) / 86_400_000;
    expect(daysBack).toBeGreaterThan(6.9);
    expect(daysBack).toBeLessThan(7.1);

    fireEvent.click(screen.getByRole('combobox', { name: 'Errors window' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Last 24 hours' }));
    expect(await screen.findByText('Every call in the last 24 hours was accepted.')).toBeTruthy();
  });

  it('saves the opt-out page with Save URL, checking the URL first', async () => {
    const api = pageApi({
      [`${CAMPAIGN}/settings/unsub-url/create`]: {
        body: {
          unsub_url: { url: 'https://acme.com/bye', customUrl: true, created_at: STAMP, updated_at: STAMP },
        },
      },
    });
    renderAt('/segment');
    fireEvent.click(await screen.findByLabelText('Use custom configuration page URL'));
    fireEvent.change(screen.getByLabelText('URL'), { target: { value: 'acme.com/bye' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save URL' }));
    expect(await screen.findByText('Please enter a valid url')).toBeTruthy();
    expect(api.callsTo(`${CAMPAIGN}/settings/unsub-url/create`)).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('URL'), { target: { value: 'https://acme.com/bye' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save URL' }));
    expect(await screen.findByText('Unsubscribe URL added')).toBeTruthy();
    expect(api.callsTo(`${CAMPAIGN}/settings/unsub-url/create`)[0]?.body).toEqual({
      url: 'https://acme.com/bye',
      customUrl: true,
    });
  });

  it('shows a report that fails to load in its own card', async () => {
    pageApi({ [`${SEGMENT}/events.report`]: errorBody(503, 'ServiceUnavailable', 'Service unavailable') });
    renderAt('/segment');
    expect(await screen.findByText('Events could not be loaded')).toBeTruthy();
    expect(await screen.findByText('No errors in the last 24 hours')).toBeTruthy();
    // Said once, in the card: no toast repeats it.
    expect(screen.getAllByText(SHARED_ERROR_MESSAGES.serverError)).toHaveLength(1);
  });

  it('offers Try again on the key, a report and the error list when their reads fail, and reads them again', async () => {
    const failed = errorBody(500, 'INTERNAL_ERROR', null);
    const api = pageApi({
      [`${AUTH}/api-key/list`]: [failed, { body: { api_keys: [apiKey('k1', 'mk_live_ab12')] } }],
      [`${SEGMENT}/events.report`]: [failed, { body: hours(Array.from({ length: 24 }, () => 0)) }],
      [`${SEGMENT}/errors.list`]: [failed, { body: noErrors }],
    });
    renderAt('/segment');
    expect(await screen.findByText('The API key could not be loaded.')).toBeTruthy();
    expect(await screen.findByText('Events could not be loaded')).toBeTruthy();
    expect(await screen.findByText('Errors could not be loaded')).toBeTruthy();
    const retries = screen.getAllByRole('button', { name: 'Try again' });
    expect(retries).toHaveLength(3);
    for (const retry of retries) fireEvent.click(retry);
    await waitFor(() => expect(screen.queryAllByRole('button', { name: 'Try again' })).toHaveLength(0));
    expect(await screen.findByText('Every call in the last 7 days was accepted.')).toBeTruthy();
    expect(api.callsTo(`${AUTH}/api-key/list`)).toHaveLength(2);
    expect(api.callsTo(`${SEGMENT}/events.report`)).toHaveLength(2);
    expect(api.callsTo(`${SEGMENT}/errors.list`)).toHaveLength(2);
  });
});
