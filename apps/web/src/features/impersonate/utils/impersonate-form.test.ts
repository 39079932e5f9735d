import type { AccountRecord } from '@meridian/contracts';
import { describe, expect, it } from 'vitest';
import { impersonateFormSchema, personOption } from './impersonate-form';

function errors(values: unknown): Record<string, string> {
  const result = impersonateFormSchema.safeParse(values);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[issue.path.join('.')] ??= issue.message;
  return out;
}

const person = (overrides: Partial<AccountRecord>): AccountRecord => ({
  id: '5f0c6c1e-0a4e-4b8e-9d7e-3f1f2a8b9c01',
  organisation_id: '0d9a3c1e-0a4e-4b8e-9d7e-3f1f2a8b9c02',
  name: 'Ada',
  email: 'ada@acme.com',
  is_active: true,
  is_email_verified: true,
  is_federated_user: false,
  roles: [{ role_name: 'CUSTOMER_ORG_USER' }],
  time_created: '2026-01-01T00:00:00.000Z',
  time_updated: '2026-01-01T00:00:00.000Z',
  is_invite_pending: false,
  ...overrides,
});

describe('the impersonate form', () => {
  it('requires an organization and a person', () => {
    expect(errors({ organisation_id: '', account_id: '' })).toEqual({
      organisation_id: 'Organization is required',
      account_id: 'Person is required',
    });
  });

  it('accepts chosen ids', () => {
    expect(
      errors({
        organisation_id: '0d9a3c1e-0a4e-4b8e-9d7e-3f1f2a8b9c02',
        account_id: '5f0c6c1e-0a4e-4b8e-9d7e-3f1f2a8b9c01',
      }),
    ).toEqual({});
  });

  it('shows people by email, and does not offer staff or disabled accounts', () => {
    expect(personOption(person({}))).toEqual({
      value: '5f0c6c1e-0a4e-4b8e-9d7e-3f1f2a8b9c01',
      label: 'ada@acme.com',
      disabled: false,
    });
    expect(personOption(person({ roles: [{ role_name: 'INTERNAL_STAFF' }] }))).toMatchObject({
      label: 'ada@acme.com (staff)',
      disabled: true,
    });
    expect(personOption(person({ is_active: false })).disabled).toBe(true);
    expect(personOption(person({ is_invite_pending: true }))).toMatchObject({
      label: 'ada@acme.com (invite pending)',
      disabled: false,
    });
  });
});
