import type { EmailToken } from '@meridian/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_KEY } from '@/lib/auth-token';
import { stubApi, type StubAnswer } from '@/test/api-stub';
import { accountRecord, AUTH, renderAppAt, resetAppHarness, sessionOf } from '@/test/app-harness';

vi.setConfig({ testTimeout: 30_000 });
beforeEach(() => window.localStorage.setItem(AUTH_TOKEN_KEY, 'token-1'));

// jsdom has no layout: the code editor measures text ranges, which need these to exist.
beforeAll(() => {
  const emptyRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getClientRects = emptyRects;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
});
afterEach(resetAppHarness);

const TOKENS = '/api/campaign/v1/email-tokens';
const admin = accountRecord('a0000000-0000-4000-8000-000000000001', 'ada@acme.com', 'CUSTOMER_ORG_ADMIN');
const ID = 'b0000000-0000-4000-8000-000000000001';

const token = (overrides: Partial<EmailToken> = {}): EmailToken => ({
  token_id: ID,
  name: 'first_name',
  token: '{{ person.first_name }}',
  description: 'The first name',
  default_value: 'there',
  return_type: 'string',
  created_at: '2026-01-02T10:00:00.000Z',
  updated_at: '2026-01-03T10:00:00.000Z',
  created_by: { id: admin.id, name: 'Ada Admin' },
  ...overrides,
});

const page = (records: EmailToken[]) => ({
  body: { records, page_number: 1, page_size: 10, page_count: 1, total_count: records.length },
});

const functions = {
  body: {
    functions: [
      {
        name: 'upcase',
        description: 'Makes text upper case',
        sample: '{{ "ab" | upcase }}',
        syntax: '{{ text | upcase }}',
      },
    ],
  },
};

function stub(answers: Record<string, StubAnswer | StubAnswer[]>) {
  return stubApi({
    [`${AUTH}/accounts/token.verify`]: { body: sessionOf(admin) },
    [`${TOKENS}/functions.list`]: functions,
    [`${TOKENS}/columns.list`]: { body: { columns: [], person_org_mapping: 'one_to_none' } },
    ...answers,
  });
}

describe('the Tokens list', () => {
  it('shows the tokens with the spec columns', async () => {
    const api = stub({ [`${TOKENS}/tokens.list`]: page([token()]) });
    renderAppAt('/token-list');
    expect(await screen.findByRole('heading', { name: 'Tokens' })).toBeTruthy();
    const table = await screen.findByTestId('tokens-table');
    for (const column of ['Name', 'Last Updated On', 'Created on', 'Created by']) {
      expect(within(table).getByRole('columnheader', { name: column })).toBeTruthy();
    }
    expect(within(table).getByText('first_name')).toBeTruthy();
    expect(within(table).getByText('Ada Admin')).toBeTruthy();
    expect(api.callsTo(`${TOKENS}/tokens.list`)[0]?.body).toEqual({ page_size: 10, page_number: 1 });
  });

  it("says 'No tokens found.' when there are none", async () => {
    stub({ [`${TOKENS}/tokens.list`]: page([]) });
    renderAppAt('/token-list');
    expect(await screen.findByText('No tokens found.')).toBeTruthy();
  });

  it('removes a token after confirmation', async () => {
    const api = stub({
      [`${TOKENS}/tokens.list`]: [page([token()]), page([])],
      [`${TOKENS}/tokens.delete`]: { body: { token: token() } },
    });
    renderAppAt('/token-list');
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for first_name' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove token' });
    expect(api.callsTo(`${TOKENS}/tokens.delete`)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Token deleted successfully')).toBeTruthy();
    expect(api.callsTo(`${TOKENS}/tokens.delete`)[0]?.body).toEqual({ token_id: ID });
  });

  it('opens the new token editor for ?add=true', async () => {
    stub({ [`${TOKENS}/tokens.list`]: page([]) });
    const router = renderAppAt('/token-list?add=true');
    await waitFor(() => expect(router.state.location.pathname).toBe('/token'));
    expect(await screen.findByLabelText('Token name')).toBeTruthy();
  });
});

describe('the token editor', () => {
  it('refuses a name with spaces and joins the missing fields in one toast', async () => {
    const api = stub({});
    renderAppAt('/token');
    const name = await screen.findByLabelText('Token name');
    fireEvent.change(name, { target: { value: 'first name' } });
    expect(await screen.findByText('Token name cannot have spaces in them')).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Save Token' });
    expect(save.hasAttribute('disabled')).toBe(true);

    fireEvent.change(name, { target: { value: 'first_name' } });
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
    fireEvent.click(save);
    expect(
      await screen.findByText('Fallback value is required, Description is required, Token code is required'),
    ).toBeTruthy();
    expect(api.callsTo(`${TOKENS}/tokens.create`)).toHaveLength(0);
  });

  it('shows where a syntax error is, then creates and updates the token', async () => {
    const created = token({ token: '', description: '', default_value: '' });
    const saved = token({ token: '{{ text | upcase }}', description: 'Loud', default_value: 'there' });
    const api = stub({
      [`${TOKENS}/tokens.verify`]: [
        {
          body: {
            error: { position: { line: 1, column: 4 }, reason: 'Invalid syntax', message: 'unexpected' },
          },
        },
        { body: { return_type: 'string' } },
      ],
      [`${TOKENS}/tokens.create`]: { body: { token: created } },
      [`${TOKENS}/tokens.update`]: { body: { token: saved } },
      [`${TOKENS}/tokens.get`]: { body: { token: saved } },
    });
    const router = renderAppAt('/token');
    fireEvent.change(await screen.findByLabelText('Token name'), { target: { value: 'first_name' } });
    // The help panel inserts a function's sample into the code.
    fireEvent.click(await screen.findByRole('button', { name: 'Insert upcase' }));
    expect(await screen.findByText('Invalid syntax at line 1, column 4')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save Token' }).hasAttribute('disabled')).toBe(true);
    expect(api.callsTo(`${TOKENS}/tokens.verify`)[0]?.body).toEqual({ token: '{{ "ab" | upcase }}' });

    // A change the server finds valid clears the error and shows the type.
    fireEvent.click(screen.getByRole('button', { name: 'Insert upcase' }));
    expect(await screen.findByText('Valid token, returns string')).toBeTruthy();
    expect(screen.queryByText(/Invalid syntax/)).toBeNull();
    fireEvent.change(screen.getByLabelText(/Fallback value/), { target: { value: 'there' } });
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Loud' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Token' }));

    expect(await screen.findByText('Token successfully created')).toBeTruthy();
    expect(api.callsTo(`${TOKENS}/tokens.create`)[0]?.body).toEqual({ name: 'first_name' });
    expect(api.callsTo(`${TOKENS}/tokens.update`)[0]?.body).toEqual({
      token_id: ID,
      token: '{{ "ab" | upcase }}{{ "ab" | upcase }}',
      description: 'Loud',
      default_value: 'there',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/token/${ID}`));
  });

  it("keeps Save disabled while the code would change the token's type (spec 5: the type cannot change)", async () => {
    stub({
      [`${TOKENS}/tokens.get`]: { body: { token: token() } },
      [`${TOKENS}/tokens.verify`]: [{ body: { return_type: 'string' } }, { body: { return_type: 'number' } }],
    });
    renderAppAt(`/token/${ID}`);
    fireEvent.change(await screen.findByLabelText('Description'), { target: { value: 'Changed' } });
    const save = screen.getByRole('button', { name: 'Save Token' });
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Insert upcase' }));
    expect(await screen.findByText('Token type cannot be modified from string to number')).toBeTruthy();
    expect(save.hasAttribute('disabled')).toBe(true);
  });

  it('asks before leaving with unsaved changes', async () => {
    stub({
      [`${TOKENS}/tokens.get`]: { body: { token: token() } },
      [`${TOKENS}/tokens.verify`]: { body: { return_type: 'string' } },
    });
    const router = renderAppAt(`/token/${ID}`);
    fireEvent.change(await screen.findByLabelText('Description'), { target: { value: 'Changed' } });
    expect(await screen.findByText('Unsaved changes')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Tokens', current: false }));
    const dialog = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe(`/token/${ID}`);
  });

  it('keeps the preview closed for a new token and while changes are unsaved', async () => {
    stub({
      [`${TOKENS}/tokens.get`]: { body: { token: token() } },
      [`${TOKENS}/tokens.verify`]: { body: { return_type: 'string' } },
    });
    renderAppAt(`/token/${ID}`);
    fireEvent.change(await screen.findByLabelText('Description'), { target: { value: 'Changed' } });
    expect(screen.getByTestId('preview-token').hasAttribute('disabled')).toBe(true);
    expect(screen.queryByText('Token should be updated and saved before preview')).toBeNull();
  });

  it('says a new token must be saved before its preview', async () => {
    stub({});
    renderAppAt('/token');
    expect(await screen.findByText('Token should be updated and saved before preview')).toBeTruthy();
    expect(screen.getByTestId('preview-token').hasAttribute('disabled')).toBe(true);
  });
});
