import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  templateCreateContract,
  templateNameUpdateContract,
  templatesListContract,
  type TemplateSummary,
} from '@meridian/contracts';
import { AUTH_TOKEN_KEY } from '@/lib/auth-token';
import { stubApi } from '@/test/api-stub';
import { accountRecord, AUTH, renderAppAt, resetAppHarness, sessionOf } from '@/test/app-harness';

const admin = accountRecord('a0000000-0000-4000-8000-000000000001', 'ada@acme.com', 'CUSTOMER_ORG_ADMIN');
const LIST = templatesListContract.fullPath;
const RENAME = templateNameUpdateContract.fullPath;
const CREATE = templateCreateContract.fullPath;

function summary(id: string, name: string, overrides: Partial<TemplateSummary> = {}): TemplateSummary {
  return {
    template_id: id,
    name,
    type: 'email',
    template_type: 'visual',
    subject: 'Hello there',
    from_email: null,
    reply_to: null,
    sender_meta: null,
    created_at: '2026-01-02T10:00:00.000Z',
    updated_at: '2026-01-03T10:00:00.000Z',
    created_by: { id: admin.id, name: 'ada' },
    updated_by: null,
    has_content: true,
    ...overrides,
  };
}

const page = (records: TemplateSummary[]) => ({
  body: {
    records,
    page_number: 1,
    page_size: 10,
    page_count: records.length ? 1 : 0,
    total_count: records.length,
  },
});

beforeEach(() => window.localStorage.setItem(AUTH_TOKEN_KEY, 'token-1'));
afterEach(resetAppHarness);

describe('the Emails list', () => {
  it('shows the columns and editor types of the emails', async () => {
    const welcome = summary('11111111-1111-4111-8111-111111111111', 'Welcome');
    const digest = summary('22222222-2222-4222-8222-222222222222', 'Digest', { template_type: 'advanced' });
    const api = stubApi({
      [`${AUTH}/accounts/token.verify`]: { body: sessionOf(admin) },
      [LIST]: page([welcome, digest]),
    });
    renderAppAt('/templates');
    expect(await screen.findByRole('heading', { name: 'Emails' })).toBeTruthy();
    await screen.findByText('Welcome');
    for (const column of ['Name', 'Editor type', 'Last Updated On', 'Created On']) {
      expect(screen.getByRole('columnheader', { name: column })).toBeTruthy();
    }
    expect(within(screen.getByText('Digest').closest('tr')!).getByText('HTML')).toBeTruthy();
    expect(within(screen.getByText('Welcome').closest('tr')!).getByText('Drag and drop')).toBeTruthy();
    expect(screen.getByPlaceholderText('Search email templates')).toBeTruthy();
    expect(api.callsTo(LIST)[0]?.body).toEqual({ page_number: 1, page_size: 10 });
  });

  it('invites to create the first email when there is none', async () => {
    stubApi({ [`${AUTH}/accounts/token.verify`]: { body: sessionOf(admin) }, [LIST]: page([]) });
    renderAppAt('/templates');
    expect(await screen.findByText("Let's add an email to get started")).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create first email' }));
    expect(await screen.findByRole('dialog', { name: 'New Email' })).toBeTruthy();
  });

  it('opens the create dialog from ?add=true', async () => {
    stubApi({ [`${AUTH}/accounts/token.verify`]: { body: sessionOf(admin) }, [LIST]: page([]) });
    renderAppAt('/templates?add=true');
    const dialog = await screen.findByRole('dialog', { name: 'New Email' });
    expect(within(dialog).getByRole('radio', { name: /Visual editor \(drag and drop\)/ })).toBeTruthy();
    expect(within(dialog).getByRole('radio', { name: /HTML editor/ })).toBeTruthy();
  });

  it('submits the New Email dialog with Enter once the editor is chosen', async () => {
    const created = summary('33333333-3333-4333-8333-333333333333', 'Launch', { template_type: 'advanced' });
    const api = stubApi({
      [`${AUTH}/accounts/token.verify`]: { body: sessionOf(admin) },
      [LIST]: page([]),
      [CREATE]: { body: { template: { ...created, content: null, content_json: null } } },
    });
    renderAppAt('/templates?add=true');
    const dialog = await screen.findByRole('dialog', { name: 'New Email' });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Launch' } });

    // The visual editor goes on to the gallery.
    const visual = within(dialog).getByRole('radio', { name: /Visual editor/ });
    fireEvent.click(visual);
    fireEvent.keyDown(visual, { key: 'Enter' });
    expect(await screen.findByRole('dialog', { name: 'Templates' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));

    // The HTML editor creates the email.
    const details = await screen.findByRole('dialog', { name: 'New Email' });
    const html = within(details).getByRole('radio', { name: /HTML editor/ });
    fireEvent.click(html);
    fireEvent.keyDown(html, { key: 'Enter' });
    await waitFor(() =>
      expect(api.callsTo(CREATE)[0]?.body).toMatchObject({ name: 'Launch', template_type: 'advanced' }),
    );
  });

  it('rejects a new name under 3 characters and renames with the spec toast', async () => {
    const welcome = summary('11111111-1111-4111-8111-111111111111', 'Welcome');
    const api = stubApi({
      [`${AUTH}/accounts/token.verify`]: { body: sessionOf(admin) },
      [LIST]: page([welcome]),
      [RENAME]: { body: { template: { ...welcome, name: 'Welcome v2', content: null, content_json: null } } },
    });
    renderAppAt('/templates');
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Welcome' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename email' });
    const input = within(dialog).getByLabelText('Name');
    fireEvent.change(input, { target: { value: 'ab' } });
    expect(await within(dialog).findByText('Name must be at least 3 characters long')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
    expect(api.callsTo(RENAME)).toHaveLength(0);

    fireEvent.change(input, { target: { value: 'Welcome v2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Email name updated successfully')).toBeTruthy();
    await waitFor(() =>
      expect(api.callsTo(RENAME)[0]?.body).toEqual({ template_id: welcome.template_id, name: 'Welcome v2' }),
    );
  });
});
