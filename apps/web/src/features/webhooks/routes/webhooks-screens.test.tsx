import type { Webhook, WebhookPreviewResult } from '@meridian/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AUTH_TOKEN_KEY } from '@/lib/auth-token';
import { errorBody, stubApi } from '@/test/api-stub';
import { accountRecord, AUTH, renderAppAt, resetAppHarness, sessionOf } from '@/test/app-harness';

beforeEach(() => window.localStorage.setItem(AUTH_TOKEN_KEY, 'token-1'));
// jsdom lays nothing out; the payload editor (CodeMirror) measures text ranges.
const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
Range.prototype.getClientRects ??= noRects;
Range.prototype.getBoundingClientRect ??= () => new DOMRect();
afterEach(resetAppHarness);

const PERSON_ID = 'b0000000-0000-4000-8000-000000000001';
const HOOKS = '/api/campaign/v1/assets/webhooks';
const admin = accountRecord('a0000000-0000-4000-8000-000000000001', 'ada@acme.com', 'CUSTOMER_ORG_ADMIN');
const signedIn = { [`${AUTH}/accounts/token.verify`]: { body: sessionOf(admin) } };

const hook: Webhook = {
  webhook_id: 'webhook-ab12c',
  name: 'Notify CRM',
  description: 'Adds the contact to the CRM',
  method: 'POST',
  url: 'https://hooks.acme.com/in',
  payload: '{"email": "{{ person.email }}"}',
  headers: { 'content-type': 'application/json', 'x-api-key': 'k-1' },
  timeout: 10,
  type: 'webhook',
  created_at: '2026-01-02T10:00:00.000Z',
  updated_at: new Date().toISOString(),
  created_by: { id: admin.id, name: 'Ada' },
  updated_by: null,
};
const page = (records: Webhook[]) => ({
  body: {
    records,
    page_number: 1,
    page_size: 10,
    page_count: records.length ? 1 : 0,
    total_count: records.length,
  },
});

describe('the Webhooks list', () => {
  it('shows the columns and asks for the first webhook when there is none', async () => {
    const api = stubApi({ ...signedIn, [`${HOOKS}/webhook.list`]: [page([hook]), page([])] });
    renderAppAt('/webhooks');
    const row = (await screen.findByText('Notify CRM')).closest('tr')!;
    for (const text of ['webhook', 'Adds the contact to the CRM', 'Ada']) {
      expect(within(row).getByText(text)).toBeTruthy();
    }
    for (const column of ['Name', 'Type', 'Description', 'Created On', 'Created By']) {
      expect(screen.getByRole('columnheader', { name: column })).toBeTruthy();
    }
    expect(api.callsTo(`${HOOKS}/webhook.list`)[0]?.body).toEqual({ page_number: 1, page_size: 10 });
  });

  it("offers 'create first Webhook' with no webhooks, and 'No webhooks found.' for a search", async () => {
    const api = stubApi({ ...signedIn, [`${HOOKS}/webhook.list`]: page([]) });
    renderAppAt('/webhooks');
    expect(await screen.findByRole('button', { name: 'create first Webhook' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search webhooks'), { target: { value: 'crm' } });
    expect(await screen.findByText('No webhooks found.')).toBeTruthy();
    expect(api.callsTo(`${HOOKS}/webhook.list`).at(-1)?.body).toEqual({
      page_number: 1,
      page_size: 10,
      query: { search: { keyword: 'crm' } },
    });
  });

  it('opens the create dialog from ?add=true and refuses a name under 3 characters', async () => {
    const api = stubApi({ ...signedIn, [`${HOOKS}/webhook.list`]: page([]) });
    renderAppAt('/webhooks?add=true');
    const dialog = await screen.findByRole('dialog', { name: 'New webhook' });
    const create = within(dialog).getByRole('button', { name: 'Create' });
    expect(create.hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'ab' } });
    expect(await within(dialog).findByText('Name must be at least 3 characters long')).toBeTruthy();
    expect(create.hasAttribute('disabled')).toBe(true);
    // Enter submits the form whatever the button says: still refused, nothing sent.
    fireEvent.submit(within(dialog).getByLabelText('Name').closest('form')!);
    expect(api.callsTo(`${HOOKS}/webhook.create`)).toHaveLength(0);
  });
});

// The editor's chunk (with the code editor) is large: its first load takes a while here.
describe('the webhook editor', () => {
  const result: WebhookPreviewResult = {
    request: {
      url: 'https://hooks.acme.com/in',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email": "ada@acme.com"}',
    },
    response: {
      status_code: 200,
      headers: { 'x-seen': 'yes' },
      body: '{"ok":true}',
      truncated: false,
      elapsed_ms: 12,
    },
    error: null,
  };

  it('shows the save rules of spec 5 and saves nothing while they fail', async () => {
    const api = stubApi({ ...signedIn, [`${HOOKS}/webhook.get`]: { body: { webhook: hook } } });
    renderAppAt('/webhook/edit/webhook-ab12c');
    fireEvent.change(await screen.findByLabelText('Description'), { target: { value: ' ' } });
    fireEvent.change(screen.getByLabelText('URL'), { target: { value: 'hooks.acme.com' } });
    fireEvent.change(screen.getByLabelText('Content-type'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Description should not be empty')).toBeTruthy();
    expect(screen.getByText('Please enter a valid url')).toBeTruthy();
    expect(screen.getByText('Content-type is required, when payload is present')).toBeTruthy();
    expect(api.callsTo(`${HOOKS}/webhook.update`)).toHaveLength(0);
  });

  it("shows the server's refusal of an internal target on the URL", async () => {
    const refused = 'Requests to internal addresses are not allowed';
    stubApi({
      ...signedIn,
      [`${HOOKS}/webhook.get`]: { body: { webhook: hook } },
      [`${HOOKS}/webhook.update`]: errorBody(400, 'ValidationException', refused, { url: [refused] }),
    });
    renderAppAt('/webhook/edit/webhook-ab12c');
    fireEvent.change(await screen.findByLabelText('URL'), { target: { value: 'http://169.254.169.254/' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Webhook updation failed')).toBeTruthy();
    expect(await screen.findByText(refused)).toBeTruthy();
  });

  it('saves trimmed headers without blank keys, and blocks the preview while changes are unsaved', async () => {
    const saved = { ...hook, headers: { 'content-type': 'application/json', 'x-api-key': 'k-2' } };
    const api = stubApi({
      ...signedIn,
      [`${HOOKS}/webhook.get`]: { body: { webhook: hook } },
      [`${HOOKS}/webhook.update`]: { body: { webhook: saved } },
    });
    renderAppAt('/webhook/edit/webhook-ab12c');
    fireEvent.change(await screen.findByLabelText('Header value 1'), { target: { value: '  k-2 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Another' }));
    fireEvent.change(screen.getByLabelText('Header value 2'), { target: { value: 'dropped' } });
    expect(screen.getByTestId('preview-blocker').textContent).toBe(
      'Webhook should be updated and saved before preview',
    );
    expect(screen.getByRole('button', { name: 'send request' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Webhook updated successfully')).toBeTruthy();
    expect(api.callsTo(`${HOOKS}/webhook.update`)[0]?.body).toEqual({
      webhook_id: 'webhook-ab12c',
      description: 'Adds the contact to the CRM',
      method: 'POST',
      url: 'https://hooks.acme.com/in',
      headers: { 'content-type': 'application/json', 'x-api-key': 'k-2' },
      payload: '{"email": "{{ person.email }}"}',
      timeout: 10,
    });
    await waitFor(() => expect(screen.queryByTestId('preview-blocker')).toBeNull());
  });

  it('inserts a saved token or a contact field into the payload from the token menu', async () => {
    const token = {
      token_id: 't-1',
      name: 'plan_name',
      token: '{{ person.plan }}',
      description: '',
      default_value: 'free',
      return_type: 'string',
      created_at: hook.created_at,
      updated_at: hook.created_at,
      created_by: { id: null, name: null },
    };
    const api = stubApi({
      ...signedIn,
      [`${HOOKS}/webhook.get`]: { body: { webhook: { ...hook, payload: null } } },
      '/api/campaign/v1/email-tokens/tokens.list-all': { body: { records: [token] } },
      [`${HOOKS}/webhook.update`]: { body: { webhook: hook } },
    });
    renderAppAt('/webhook/edit/webhook-ab12c');
    fireEvent.click(await screen.findByRole('button', { name: 'Insert token' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: /plan_name/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Insert token' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'person.email' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo(`${HOOKS}/webhook.update`)).toHaveLength(1));
    expect((api.callsTo(`${HOOKS}/webhook.update`)[0]?.body as { payload: string }).payload).toBe(
      '{{ tokens.plan_name }}{{ person.email }}',
    );
  });

  it('previews the saved webhook for a looked-up person and shows the response', async () => {
    const ada = {
      id: PERSON_ID,
      email: 'ada@acme.com',
      first_name: 'Ada',
      last_name: null,
      org_id: null,
      product_user_id: null,
      campaign_context: 'person',
    };
    const api = stubApi({
      ...signedIn,
      [`${HOOKS}/webhook.get`]: { body: { webhook: hook } },
      '/api/campaign/v1/settings/get': {
        body: { settings: { person_org_mapping: 'one_to_none', email: null } },
      },
      '/api/campaign/v1/person.lookup': { body: { rows: [ada] } },
      [`${HOOKS}/preview.debug`]: { body: result },
    });
    renderAppAt('/webhook/edit/webhook-ab12c');
    fireEvent.change(await screen.findByLabelText('Preview as'), { target: { value: 'ada@acme.com' } });
    const send = screen.getByRole('button', { name: 'send request' });
    await waitFor(() => expect(send.hasAttribute('disabled')).toBe(false));
    fireEvent.click(send);
    expect(await screen.findByText('Preview successful')).toBeTruthy();
    expect(screen.getByTestId('preview-status').textContent).toBe('200');
    expect(api.callsTo(`${HOOKS}/preview.debug`)[0]?.body).toEqual({
      url: hook.url,
      method: 'POST',
      headers: hook.headers,
      payload: hook.payload,
      timeout: 10,
      person_ids: [{ id: PERSON_ID, email: 'ada@acme.com', org_id: null, product_user_id: null }],
      campaign_context: 'person',
    });
  });

  it('shows the reason a refused preview gives', async () => {
    stubApi({
      ...signedIn,
      [`${HOOKS}/webhook.get`]: { body: { webhook: hook } },
      '/api/campaign/v1/settings/get': {
        body: { settings: { person_org_mapping: 'one_to_none', email: null } },
      },
      '/api/campaign/v1/person.lookup': {
        body: {
          rows: [
            {
              id: PERSON_ID,
              email: 'ada@acme.com',
              first_name: null,
              last_name: null,
              org_id: null,
              product_user_id: null,
              campaign_context: 'person',
            },
          ],
        },
      },
      [`${HOOKS}/preview.debug`]: {
        body: {
          ...result,
          response: null,
          error: { reason: 'refused', message: 'The address 10.0.0.1 is internal and not allowed' },
        },
      },
    });
    renderAppAt('/webhook/edit/webhook-ab12c');
    fireEvent.change(await screen.findByLabelText('Preview as'), { target: { value: 'ada@acme.com' } });
    const send = screen.getByRole('button', { name: 'send request' });
    await waitFor(() => expect(send.hasAttribute('disabled')).toBe(false));
    fireEvent.click(send);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The address 10.0.0.1 is internal and not allowed')).toBeTruthy();
    expect(screen.queryByText('Preview successful')).toBeNull();
  });
});
