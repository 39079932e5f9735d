import { emailSchema, givenPasswordSchema } from '@meridian/contracts';
import { describe, expect, it } from 'vitest';
import { checkEmail, checkGivenPassword } from './login-checks';

function schemaMessage(
  schema: typeof emailSchema | typeof givenPasswordSchema,
  value: string,
): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'no message');
}

const emails = [
  '',
  '   ',
  'ada@acme.com',
  ' ada@acme.com ',
  'ADA.Lovelace+tag@mail.acme.co.uk',
  "o'brien@acme.com",
  'ada@acme',
  'ada@@acme.com',
  'ada@acme..com',
  '.ada@acme.com',
  'ada.@acme.com',
  'a..da@acme.com',
  'ada@-acme.com',
  'ada@acme.c',
  'ada@acme.123',
  'ada acme@acme.com',
  'ada@acme.com.',
  'ädä@acme.com',
  `${'a'.repeat(241)}@acme.com`,
  `${'a'.repeat(245)}@acme.com`,
  'plainaddress',
  '@acme.com',
];

const passwords = ['', ' ', 'x', 'secret', 'a'.repeat(256), 'a'.repeat(257)];

describe('the login steps field checks', () => {
  it.each(emails)('give the email schema message for %j', (value) => {
    expect(checkEmail(value)).toBe(schemaMessage(emailSchema, value));
  });

  it.each(passwords)('give the password schema message for %j', (value) => {
    expect(checkGivenPassword(value)).toBe(schemaMessage(givenPasswordSchema, value));
  });

  it('name the spec messages', () => {
    expect(checkEmail('')).toBe('Email is required');
    expect(checkEmail('ada@acme')).toBe('Please enter a valid email address');
    expect(checkGivenPassword('')).toBe('Password is required');
  });
});
