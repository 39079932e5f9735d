import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  personLookupContract,
  settingsGetContract,
  templateGetContract,
  templateSendEmailContract,
  templateUpdateContract,
  tokensListAllContract,
  type Template,
} from '@meridian/contracts';
import { AUTH_TOKEN_KEY } from '@/lib/auth-token';
import { stubApi } from '@/test/api-stub';
import { accountRecord, AUTH, renderAppAt, resetAppHarness, sessionOf } from '@/test/app-harness';

// jsdom has no layout: the code editor measures text ranges, which jsdom's Range cannot.
beforeAll(() => {
  const empty = { length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] };
  Range.prototype.getClientRects = () => empty as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
});

const admin = accountRecord('a0000000-0000-4000-8000-000000000001', 'ada@acme.com', 'CUSTOMER_ORG_ADMIN');
const ID = '33333333-3333-4333-8333-333333333333';
const template: Template = {
  template_id: ID,
  name: 'Digest',
  type: 'email',
  template_type: 'advanced',
  subject: 'Your digest',
  content: '<p>Hello</p>',
  content_json: null,
  from_email: null,
  reply_to: null,
  sender_meta: null,
  created_at: '2026-01-02T10:00:00.000Z',
  updated_at: '2026-01-03T10:00:00.000Z',
  created_by: { id: admin.id, name: 'ada' },
  updated_by: null,
};

function stub() {
  return stubApi({
    [`${AUTH}/accounts/token.verify`]: { body: sessionOf(admin) },
    [templateGetContract.fullPath]: { body: { template } },
    [tokensListAllContract.fullPath]: { body: { records: [] } },
    [settingsGetContract.fullPath]: {
      body: { settings: { person_org_mapping: 'one_to_none', email: null } },
    },
    [personLookupContract.fullPath]: { body: { rows: [] } },
    [templateUpdateContract.fullPath]: {
      body: {
        template: { ...template, subject: 'Your weekly digest', updated_at: new Date().toISOString() },
      },
    },
  });
}

beforeEach(() => window.localStorage.setItem(AUTH_TOKEN_KEY, 'token-1'));
afterEach(resetAppHarness);

describe('the email editor', () => {
  it('says a new HTML email, opened on the starter code, is not saved yet', async () => {
    stubApi({
      [`${AUTH}/accounts/token.verify`]: { body: sessionOf(admin) },
      [templateGetContract.fullPath]: { body: { template: { ...template, content: null } } },
      [tokensListAllContract.fullPath]: { body: { records: [] } },
    });
    renderAppAt(`/template/edit/${ID}`);
    expect(await screen.findByText('Unsaved changes')).toBeTruthy();
    expect(screen.queryByText(/^Saved /)).toBeNull();
  });

  it('saves the subject, the code and the sender settings', async () => {
    const api = stub();
    renderAppAt(`/template/edit/${ID}`);
    const subject = await screen.findByLabelText('Subject');
    expect((subject as HTMLInputElement).value).toBe('Your digest');
    fireEvent.change(subject, { target: { value: 'Your weekly digest' } });
    expect(await screen.findByText('Unsaved changes')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Email settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Email settings' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await within(dialog).findByText('Sender name should not be empty')).toBeTruthy();
    expect(within(dialog).getByText('Please enter a valid email address')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Sender name'), { target: { value: 'Acme' } });
    fireEvent.change(within(dialog).getByLabelText('From email'), { target: { value: 'hi@acme.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Email settings' })).toBeNull());
    expect(screen.getByTestId('sender-summary').textContent).toBe('Acme <hi@acme.com>');

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Template Updated successfully')).toBeTruthy();
    expect(api.callsTo(templateUpdateContract.fullPath)[0]?.body).toEqual({
      template_id: ID,
      subject: 'Your weekly digest',
      content: '<p>Hello</p>',
      from_email: { name: 'Acme', email: 'hi@acme.com' },
      reply_to: null,
      sender_meta: {
        from_name: { type: 'text', value: 'Acme' },
        from_email: { type: 'text', value: 'hi@acme.com' },
        reply_to: null,
      },
    });
    expect(await screen.findByText('Saved just now')).toBeTruthy();
  });

  it('keeps the test send disabled until the contact is found', async () => {
    const api = stub();
    renderAppAt(`/template/edit/${ID}`);
    await screen.findByLabelText('Subject');
    fireEvent.click(screen.getByRole('button', { name: 'Send test email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send test email' });
    const send = within(dialog).getByRole('button', { name: 'Send' });
    expect(send.hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Receive as'), { target: { value: 'nobody@acme.com' } });
    expect(await within(dialog).findByText('No contact with this email was found')).toBeTruthy();
    expect(send.hasAttribute('disabled')).toBe(true);
    expect(api.callsTo(templateSendEmailContract.fullPath)).toHaveLength(0);
  });
});
