import { isFieldEditable, type Person } from '@meridian/contracts';
import { describe, expect, it } from 'vitest';
import { changedFieldValues, contactFormSchema, initialFormValues } from './contact-fields';

type Field = Person['default_fields'][number];
const field = (overrides: Partial<Field>): Field => ({
  name: 'first_name',
  display: 'First Name',
  type: 'string',
  length: 10,
  read_only: false,
  updatable: true,
  required: false,
  hidden: false,
  custom: false,
  value: null,
  ...overrides,
});

const person = (defaults: Field[], custom: Field[] = []): Person => ({
  id: '00000000-0000-4000-8000-000000000001',
  email: 'jamie@example.com',
  org_id: null,
  product_user_id: null,
  unsubscribed: false,
  _created_time: '2026-01-01T00:00:00Z',
  _updated_time: '2026-01-01T00:00:00Z',
  default_fields: defaults,
  custom_fields: custom,
});

describe('contact field rules', () => {
  it('makes read-only fields editable only when they are updatable', () => {
    expect(isFieldEditable({ read_only: false, updatable: false })).toBe(true);
    expect(isFieldEditable({ read_only: true, updatable: true })).toBe(true);
    expect(isFieldEditable({ read_only: true, updatable: false })).toBe(false);
  });

  it('refuses a value over the field length', () => {
    const p = person([field({})]);
    const result = contactFormSchema(p).safeParse({
      default_fields: { first_name: 'x'.repeat(11) },
      custom_fields: {},
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('First Name must be at most 10 characters');
  });

  it('checks numbers by type and required fields', () => {
    const p = person(
      [],
      [field({ name: 'seats', display: 'Seats', type: 'integer', required: true, custom: true })],
    );
    const schema = contactFormSchema(p);
    expect(schema.safeParse({ default_fields: {}, custom_fields: { seats: '1.5' } }).success).toBe(false);
    expect(
      schema.safeParse({ default_fields: {}, custom_fields: { seats: '' } }).error?.issues[0]?.message,
    ).toBe('Seats is required');
    expect(schema.safeParse({ default_fields: {}, custom_fields: { seats: '12' } }).success).toBe(true);
  });

  it('sends only changed editable fields, typed', () => {
    const p = person(
      [
        field({ value: 'Jamie' }),
        field({ name: 'title', display: 'Title', value: 'CTO', read_only: true, updatable: false }),
      ],
      [
        field({ name: 'seats', display: 'Seats', type: 'integer', custom: true, value: 3 }),
        field({ name: 'vip', display: 'VIP', type: 'boolean', custom: true, value: false }),
      ],
    );
    const values = initialFormValues(p);
    values.default_fields.first_name = 'Morgan';
    values.default_fields.title = 'CEO';
    values.custom_fields.seats = '';
    values.custom_fields.vip = true;
    expect(changedFieldValues(p, values)).toEqual({
      default_fields: { first_name: 'Morgan' },
      custom_fields: { seats: null, vip: true },
    });
  });
});
