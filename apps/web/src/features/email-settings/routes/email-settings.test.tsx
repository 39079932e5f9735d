import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_KEY } from '@/lib/auth-token';
import { errorBody, stubApi } from '@/test/api-stub';
import {
  accountRecord as account,
  AUTH,
  renderAppAt as renderAt,
  resetAppHarness,
  sessionOf as session,
} from '@/test/app-harness';

vi.setConfig({ testTimeout: 20_000 });

const CAMPAIGN = '/api/campaign/v1';
const STAMP = '2026-01-01T00:00:00.000Z';
const admin = account('a0000000-0000-4000-8000-000000000001', 'ada@acme.com', 'CUSTOMER_ORG_ADMIN');
const user = account('a0000000-0000-4000-8000-000000000002', 'uma@acme.com', 'CUSTOMER_ORG_USER');
const email = {
  from_email: { name: 'Acme News', email: 'news@demo.meridian.dev' },
  reply_to: 'help@acme.com',
};
const domains = {
  domain: [
    { domain: 'demo.meridian.dev', active: true, created_at: STAMP, updated_at: STAMP },
    { domain: 'mail.acme.com', active: true, created_at: STAMP, updated_at: STAMP },
  ],
};
const unsub = (url: string, customUrl: boolean) => ({
  unsub_url: { url, customUrl, created_at: STAMP, updated_at: STAMP },
});

beforeEach(() => window.localStorage.setItem(AUTH_TOKEN_KEY, 'token-1'));
afterEach(resetAppHarness);

describe('the Email settings page', () => {
  it('validates both forms with one Save, then creates both and shows the spec toasts', async () => {
    const api = stubApi({
      [`${AUTH}/accounts/token.verify`]: { body: session(admin) },
      [`${CAMPAIGN}/settings/get`]: { body: { settings: { person_org_mapping: 'one_to_one', email: null } } },
      [`${CAMPAIGN}/settings/domain/list`]: { body: domains },
      [`${CAMPAIGN}/settings/unsub-url/get`]: { body: { unsub_url: null } },
      [`${CAMPAIGN}/settings/email/create`]: { body: { email } },
      [`${CAMPAIGN}/settings/unsub-url/create`]: { body: unsub('https://acme.com/bye', true) },
    });
    renderAt('/email-settings');
    const senderName = await screen.findByLabelText(/Sender name/);
    expect(screen.getByRole('combobox', { name: 'Sender domain' })).toHaveProperty(
      'value',
      'demo.meridian.dev',
    );

    fireEvent.change(screen.getByLabelText(/From email/), { target: { value: 'a b' } });
    fireEvent.click(screen.getByLabelText('Use custom configuration page URL'));
    fireEvent.change(screen.getByLabelText('URL'), { target: { value: 'acme.com/bye' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Sender name is required')).toBeTruthy();
    // The from email and the still empty reply-to.
    expect(screen.getAllByText('Please enter a valid email address')).toHaveLength(2);
    expect(screen.getByText('Please enter a valid url')).toBeTruthy();
    expect(api.callsTo(`${CAMPAIGN}/settings/email/create`)).toHaveLength(0);

    fireEvent.change(senderName, { target: { value: 'Acme News' } });
    fireEvent.change(screen.getByLabelText(/From email/), { target: { value: 'news' } });
    fireEvent.change(screen.getByLabelText(/Reply-to/), { target: { value: 'help@acme.com' } });
    fireEvent.change(screen.getByLabelText('URL'), { target: { value: 'https://acme.com/bye' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Global email configuration created')).toBeTruthy();
    expect(await screen.findByText('Unsubscribe URL added')).toBeTruthy();
    expect(api.callsTo(`${CAMPAIGN}/settings/email/create`)[0]?.body).toEqual(email);
    expect(api.callsTo(`${CAMPAIGN}/settings/unsub-url/create`)[0]?.body).toEqual({
      url: 'https://acme.com/bye',
      customUrl: true,
    });
    expect(api.callsTo(`${CAMPAIGN}/settings/update`)).toHaveLength(0);
  });

  it('updates what changed and shows the server refusal on its field', async () => {
    const api = stubApi({
      [`${AUTH}/accounts/token.verify`]: { body: session(admin) },
      [`${CAMPAIGN}/settings/get`]: { body: { settings: { person_org_mapping: 'one_to_one', email } } },
      [`${CAMPAIGN}/settings/domain/list`]: { body: domains },
      [`${CAMPAIGN}/settings/unsub-url/get`]: { body: unsub('https://acme.com/bye', true) },
      [`${CAMPAIGN}/settings/email/update`]: [
        errorBody(
          400,
          'InactiveSenderDomainException',
          'The from email must use one of your active sender domains',
          {
            'from_email.email': ['The from email must use one of your active sender domains'],
          },
        ),
        { body: { email: { ...email, reply_to: 'team@acme.com' } } },
      ],
      [`${CAMPAIGN}/settings/unsub-url/update`]: { body: unsub('https://acme.com/bye', false) },
    });
    renderAt('/email-settings');
    const replyTo = await screen.findByDisplayValue('help@acme.com');
    expect(screen.getByDisplayValue('Acme News')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);

    fireEvent.change(replyTo, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // Spec 5: the reply-to must be a valid email; nothing is sent until it is.
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(api.callsTo(`${CAMPAIGN}/settings/email/update`)).toHaveLength(0);
    fireEvent.change(replyTo, { target: { value: 'team@acme.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      (await screen.findAllByText('The from email must use one of your active sender domains')).length,
    ).toBeGreaterThan(0);

    fireEvent.click(screen.getByLabelText('Use custom configuration page URL'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Global email configuration updated')).toBeTruthy();
    // The refusal's toast stays until closed and at most 2 show: the third waits in the queue.
    await waitFor(() => expect(api.callsTo(`${CAMPAIGN}/settings/unsub-url/update`)).toHaveLength(1));
    expect(api.callsTo(`${CAMPAIGN}/settings/unsub-url/update`)[0]?.body).toEqual({
      url: 'https://acme.com/bye',
      customUrl: false,
    });
  });

  it('shows the required-field messages when Save is clicked on an empty configuration', async () => {
    const api = stubApi({
      [`${AUTH}/accounts/token.verify`]: { body: session(admin) },
      [`${CAMPAIGN}/settings/get`]: { body: { settings: { person_org_mapping: 'one_to_one', email: null } } },
      [`${CAMPAIGN}/settings/domain/list`]: { body: domains },
      [`${CAMPAIGN}/settings/unsub-url/get`]: { body: { unsub_url: null } },
    });
    renderAt('/email-settings');
    await screen.findByLabelText(/Sender name/);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Sender name is required')).toBeTruthy();
    expect(screen.getAllByText('Please enter a valid email address')).toHaveLength(2);
    expect(api.callsTo(`${CAMPAIGN}/settings/email/create`)).toHaveLength(0);
  });

  it('shows the settings read-only to a user who is not an admin, Save disabled with a tooltip', async () => {
    const api = stubApi({
      [`${AUTH}/accounts/token.verify`]: { body: session(user) },
      [`${CAMPAIGN}/settings/get`]: { body: { settings: { person_org_mapping: 'one_to_one', email } } },
      [`${CAMPAIGN}/settings/domain/list`]: { body: domains },
      [`${CAMPAIGN}/settings/unsub-url/get`]: { body: unsub('https://acme.com/bye', true) },
    });
    renderAt('/email-settings');
    const senderName = await screen.findByDisplayValue('Acme News');
    expect(senderName).toHaveProperty('readOnly', true);
    expect(screen.getByDisplayValue('help@acme.com')).toHaveProperty('readOnly', true);
    expect(screen.getByLabelText('Use custom configuration page URL')).toHaveProperty('disabled', true);
    expect(screen.getByText('Only admins can change the email settings.')).toBeTruthy();

    fireEvent.change(senderName, { target: { value: 'Changed' } });
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toHaveProperty('disabled', true);
    fireEvent.mouseEnter(save.parentElement!);
    expect(await screen.findByRole('tooltip')).toHaveProperty(
      'textContent',
      'Only admins can change the email settings',
    );
    fireEvent.submit(save.closest('form')!);
    expect(api.callsTo(`${CAMPAIGN}/settings/email/update`)).toHaveLength(0);
  });

  it('offers a retry when the settings cannot be loaded', async () => {
    stubApi({
      [`${AUTH}/accounts/token.verify`]: { body: session(admin) },
      [`${CAMPAIGN}/settings/get`]: errorBody(500, 'InternalServerError', 'Something went wrong!'),
      [`${CAMPAIGN}/settings/domain/list`]: { body: domains },
      [`${CAMPAIGN}/settings/unsub-url/get`]: { body: { unsub_url: null } },
    });
    renderAt('/email-settings');
    expect(await screen.findByText('Email settings could not be loaded')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
