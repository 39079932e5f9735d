import type { AccountRecord } from '@meridian/contracts';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { displayRole, primaryRole } from './roles';
import {
  emptyInviteRow,
  inviteFailedMessage,
  inviteFormSchema,
  resendRequest,
  toCreateUsersRequest,
  userChanges,
  userEditFormSchema,
} from './user-forms';

function errors(schema: z.ZodType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[issue.path.join('.')] ??= issue.message;
  return out;
}

const account: AccountRecord = {
  id: '5f0c6c1e-0a4e-4b8e-9d7e-3f1f2a8b9c01',
  organisation_id: '0d9a3c1e-0a4e-4b8e-9d7e-3f1f2a8b9c02',
  name: 'Sam Rivera',
  email: 'sam@acme.com',
  is_active: true,
  is_email_verified: false,
  is_federated_user: false,
  roles: [{ role_name: 'CUSTOMER_ORG_USER' }],
  time_created: '2026-01-01T00:00:00.000Z',
  time_updated: '2026-01-01T00:00:00.000Z',
  is_invite_pending: true,
};

describe('the invite form', () => {
  it('starts a row as a User', () => {
    expect(emptyInviteRow()).toMatchObject({ name: '', email: '', role: 'CUSTOMER_ORG_USER' });
  });

  it('requires a name and a valid email on every row', () => {
    const values = {
      users: [
        { ...emptyInviteRow(), name: 'Ada', email: 'ada@acme.com' },
        { ...emptyInviteRow(), name: ' ', email: 'nope' },
        emptyInviteRow(),
      ],
    };
    expect(errors(inviteFormSchema, values)).toEqual({
      'users.1.name': 'Name is required',
      'users.1.email': 'Please enter a valid email address',
      'users.2.name': 'Name is required',
      'users.2.email': 'Email is required',
    });
  });

  it('sends each row as the spec invite record, its role in roles, trimmed', () => {
    const request = toCreateUsersRequest({
      users: [
        { ...emptyInviteRow(), name: ' Ada ', email: ' ada@acme.com ', role: 'CUSTOMER_ORG_ADMIN' },
        { ...emptyInviteRow(), name: 'Kim', email: 'kim@acme.com' },
      ],
    });
    expect(request).toEqual({
      users: [
        { name: 'Ada', email: 'ada@acme.com', roles: [{ role_name: 'CUSTOMER_ORG_ADMIN' }] },
        { name: 'Kim', email: 'kim@acme.com', roles: [{ role_name: 'CUSTOMER_ORG_USER' }] },
      ],
    });
  });

  it('names every email of a failed invitation', () => {
    expect(inviteFailedMessage(['ada@acme.com', 'kim@acme.com'])).toBe(
      'Invitation to ada@acme.com, kim@acme.com failed',
    );
  });
});

describe('editing a user', () => {
  it('requires a name', () => {
    expect(errors(userEditFormSchema, { name: '', role: 'CUSTOMER_ORG_USER' })).toEqual({
      name: 'Name is required',
    });
  });

  it('sends nothing when nothing changed', () => {
    expect(userChanges(account, { name: 'Sam Rivera ', role: 'CUSTOMER_ORG_USER' })).toBeNull();
  });

  it('sends only the changed name', () => {
    expect(userChanges(account, { name: 'Sam T. Rivera', role: 'CUSTOMER_ORG_USER' })).toEqual({
      account_id: account.id,
      name: 'Sam T. Rivera',
    });
  });

  it('sends only the changed role', () => {
    expect(userChanges(account, { name: 'Sam Rivera', role: 'CUSTOMER_ORG_ADMIN' })).toEqual({
      account_id: account.id,
      role_names: ['CUSTOMER_ORG_ADMIN'],
    });
  });

  it('resends an invite with its unchanged email', () => {
    expect(resendRequest(account, { name: 'Sam', role: 'CUSTOMER_ORG_ADMIN' })).toEqual({
      account_id: account.id,
      name: 'Sam',
      email: 'sam@acme.com',
      role_names: ['CUSTOMER_ORG_ADMIN'],
    });
  });
});

describe('roles', () => {
  it('reads Admin before User, and Staff before both', () => {
    expect(primaryRole([{ role_name: 'CUSTOMER_ORG_USER' }, { role_name: 'CUSTOMER_ORG_ADMIN' }])).toBe(
      'CUSTOMER_ORG_ADMIN',
    );
    expect(primaryRole([])).toBe('CUSTOMER_ORG_USER');
    expect(displayRole([{ role_name: 'INTERNAL_STAFF' }, { role_name: 'CUSTOMER_ORG_ADMIN' }])).toBe(
      'INTERNAL_STAFF',
    );
  });
});
