import { describe, expect, it } from 'vitest';
import { loginEmailFormSchema } from './validation';

function firstError(email: string): string | undefined {
  const result = loginEmailFormSchema.safeParse({ email });
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('login email validation', () => {
  it('requires an email', () => {
    expect(firstError('')).toBe('Email is required');
    expect(firstError('   ')).toBe('Email is required');
  });

  it('requires a valid email', () => {
    expect(firstError('not-an-email')).toBe('Please enter a valid email address');
  });

  it('accepts a valid email', () => {
    expect(firstError(' user@example.com ')).toBeUndefined();
  });
});
