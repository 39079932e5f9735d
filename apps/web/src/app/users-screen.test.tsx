import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AUTH_TOKEN_KEY } from '@/lib/auth-token';
import { errorBody, stubApi } from '@/test/api-stub';
import {
  accountPage as page,
  accountRecord as account,
  AUTH,
  renderAppAt as renderAt,
  resetAppHarness,
  sessionOf as session,
} from '@/test/app-harness';

const admin = account('a0000000-0000-4000-8000-000000000001', 'ada@acme.com', 'CUSTOMER_ORG_ADMIN');

beforeEach(() => window.localStorage.setItem(AUTH_TOKEN_KEY, 'token-1'));
afterEach(resetAppHarness);

const invited = account('a0000000-0000-4000-8000-000000000002', 'ivy@acme.com', 'CUSTOMER_ORG_USER', {
  is_invite_pending: true,
});

describe('the Users page', () => {
  it('lists the users with their role and invite state, for an admin', async () => {
    const api = stubApi({
      [`${AUTH}/accounts/token.verify`]: { body: session(admin) },
      [`${AUTH}/accounts/list`]: page([admin, invited]),
    });
    renderAt('/users');
    expect(await screen.findByRole('heading', { name: 'Users (2)' })).toBeTruthy();
    expect(screen.getByText('2 user(s)')).toBeTruthy();
    const row = screen.getByText('ivy@acme.com').closest('tr')!;
    expect(within(row).getByText('Invite pending')).toBeTruthy();
    expect(within(row).getByText('User')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Invite users' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resend invite: ivy@acme.com' }).hasAttribute('disabled')).toBe(
      false,
    );
    expect(api.callsTo(`${AUTH}/accounts/list`)[0]?.body).toEqual({ page_size: 1000, page_number: 1 });
  });

  it('hides the invite button and disables the actions for a user', async () => {
    const user = account('a0000000-0000-4000-8000-000000000003', 'uma@acme.com', 'CUSTOMER_ORG_USER');
    stubApi({
      [`${AUTH}/accounts/token.verify`]: { body: session(user) },
      [`${AUTH}/accounts/list`]: page([admin, invited, user]),
    });
    renderAt('/users');
    expect(await screen.findByRole('heading', { name: 'Users (3)' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Invite users' })).toBeNull();
    for (const name of [
      'Resend invite: ivy@acme.com',
      'Edit user: ivy@acme.com',
      'Delete invite: ivy@acme.com',
    ]) {
      expect(screen.getByRole('button', { name }).hasAttribute('disabled')).toBe(true);
    }
  });

  it("says 'No user found' when the list is empty", async () => {
    stubApi({
      [`${AUTH}/accounts/token.verify`]: { body: session(admin) },
      [`${AUTH}/accounts/list`]: page([]),
    });
    renderAt('/users');
    expect(await screen.findByText('No user found')).toBeTruthy();
  });

  it('names the emails of a failed invitation and marks the row', async () => {
    const api = stubApi({
      [`${AUTH}/accounts/token.verify`]: { body: session(admin) },
      [`${AUTH}/accounts/list`]: page([admin]),
      [`${AUTH}/accounts/create.users`]: errorBody(
        409,
        'AccountAlreadyExistsException',
        'An account with this email already exists',
        {
          'users.0.email': ['An account with this email already exists'],
        },
      ),
    });
    renderAt('/users');
    fireEvent.click(await screen.findByRole('button', { name: 'Invite users' }));
    fireEvent.change(await screen.findByLabelText('Name 1'), { target: { value: 'Ada Again' } });
    fireEvent.change(screen.getByLabelText('Email 1'), { target: { value: 'ada@acme.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add another' }));
    fireEvent.change(await screen.findByLabelText('Name 2'), { target: { value: 'Bo' } });
    fireEvent.change(screen.getByLabelText('Email 2'), { target: { value: 'bo@acme.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send 2 invites' }));
    expect(await screen.findByText('Invitation to ada@acme.com, bo@acme.com failed')).toBeTruthy();
    expect(screen.getByText('An account with this email already exists')).toBeTruthy();
    expect(api.callsTo(`${AUTH}/accounts/create.users`)[0]?.body).toEqual({
      users: [
        { name: 'Ada Again', email: 'ada@acme.com', roles: [{ role_name: 'CUSTOMER_ORG_USER' }] },
        { name: 'Bo', email: 'bo@acme.com', roles: [{ role_name: 'CUSTOMER_ORG_USER' }] },
      ],
    });
  });

  it('deletes an invite after the confirmation, or says it failed', async () => {
    const api = stubApi({
      [`${AUTH}/accounts/token.verify`]: { body: session(admin) },
      [`${AUTH}/accounts/list`]: page([admin, invited]),
      [`${AUTH}/accounts/delete.invite`]: [
        errorBody(500, 'InternalServerError', 'x'),
        { body: { success: true } },
      ],
    });
    renderAt('/users');
    const confirmDelete = async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Delete invite: ivy@acme.com' }));
      expect(
        await screen.findByText('Are you sure about deleting this invite? Once deleted cannot be undone'),
      ).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Delete invite' }));
    };
    await confirmDelete();
    expect(await screen.findByText('Invite deletion failed')).toBeTruthy();
    await confirmDelete();
    expect(await screen.findByText('Invite deleted successfully')).toBeTruthy();
    expect(api.callsTo(`${AUTH}/accounts/delete.invite`)[1]?.body).toEqual({ account_id: invited.id });
  });

  it('edits only what changed, with the email read-only', async () => {
    const api = stubApi({
      [`${AUTH}/accounts/token.verify`]: { body: session(admin) },
      [`${AUTH}/accounts/list`]: page([admin, invited]),
      [`${AUTH}/accounts/update`]: { body: { success: true, account: invited } },
    });
    renderAt('/users');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit user: ivy@acme.com' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByDisplayValue('ivy@acme.com').hasAttribute('readonly')).toBe(true);
    const save = within(dialog).getByRole('button', { name: 'Save changes' });
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Ivy Green' } });
    fireEvent.click(save);
    expect(await screen.findByText('User updated successfully')).toBeTruthy();
    expect(api.callsTo(`${AUTH}/accounts/update`)[0]?.body).toEqual({
      account_id: invited.id,
      name: 'Ivy Green',
    });
  });
});
