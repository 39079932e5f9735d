import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  forgotPasswordFormSchema,
  loginEmailFormSchema,
  loginPasswordFormSchema,
  newPasswordFormSchema,
  registerFormSchema,
} from './validation';

function errors(schema: z.ZodType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[issue.path.join('.')] ??= issue.message;
  return out;
}

const validRegistration = {
  name: 'Jo Rivera',
  email: 'ada@acme.com',
  password: 'secret1',
  organisation: 'Acme',
  domain: 'acme.com',
};

describe('login email validation', () => {
  it('requires an email', () => {
    expect(errors(loginEmailFormSchema, { email: '' })).toEqual({ email: 'Email is required' });
    expect(errors(loginEmailFormSchema, { email: '   ' })).toEqual({ email: 'Email is required' });
  });

  it('requires a valid email', () => {
    expect(errors(loginEmailFormSchema, { email: 'not-an-email' })).toEqual({
      email: 'Please enter a valid email address',
    });
  });

  it('accepts a valid email and trims it', () => {
    expect(loginEmailFormSchema.parse({ email: ' user@example.com ' })).toEqual({
      email: 'user@example.com',
    });
  });
});

describe('login password validation', () => {
  it('requires a password but not its length: a wrong one is just wrong', () => {
    expect(errors(loginPasswordFormSchema, { password: '' })).toEqual({ password: 'Password is required' });
    expect(errors(loginPasswordFormSchema, { password: 'abc' })).toEqual({});
  });
});

describe('register validation', () => {
  it('accepts a complete form and lower-cases the domain', () => {
    expect(registerFormSchema.parse({ ...validRegistration, domain: 'Acme.COM' }).domain).toBe('acme.com');
  });

  it('requires every field with the spec messages', () => {
    expect(
      errors(registerFormSchema, { name: '', email: '', password: '', organisation: ' ', domain: '' }),
    ).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      password: 'Password is required',
      organisation: 'Organization is required',
      domain: 'Domain is required',
    });
  });

  it('needs a password of at least 6 characters', () => {
    expect(errors(registerFormSchema, { ...validRegistration, password: '12345' })).toEqual({
      password: 'Password must be at least 6 characters long',
    });
  });

  it.each(['localhost', '192.168.1.10', '10.0.0.1', 'acme', 'http://acme.com'])(
    'refuses the domain %s',
    (domain) => {
      expect(errors(registerFormSchema, { ...validRegistration, domain })).toEqual({
        domain: 'Please enter a valid domain',
      });
    },
  );

  it("needs the domain of the registrant's email, or a parent of it", () => {
    expect(errors(registerFormSchema, { ...validRegistration, domain: 'other.com' })).toEqual({
      domain: 'The domain must be the domain of your email address',
    });
    expect(errors(registerFormSchema, { ...validRegistration, email: 'ada@eu.acme.com' })).toEqual({});
  });
});

describe('new password validation', () => {
  it('needs matching passwords', () => {
    expect(errors(newPasswordFormSchema, { password: 'secret1', confirm_password: 'secret2' })).toEqual({
      confirm_password: 'Passwords do not match',
    });
    expect(errors(newPasswordFormSchema, { password: 'secret1', confirm_password: 'secret1' })).toEqual({});
  });

  it('checks the password rules first', () => {
    expect(errors(newPasswordFormSchema, { password: '', confirm_password: '' })).toEqual({
      password: 'Password is required',
    });
    expect(errors(newPasswordFormSchema, { password: 'abc', confirm_password: 'abc' })).toEqual({
      password: 'Password must be at least 6 characters long',
    });
  });
});

describe('forgot password validation', () => {
  it('requires a valid email', () => {
    expect(errors(forgotPasswordFormSchema, { email: 'x@' })).toEqual({
      email: 'Please enter a valid email address',
    });
  });
});
