import { describe, expect, it } from 'vitest';
import { confirmsEmail, createContactFormSchema } from './validation';

const errorOf = (email: string) => {
  const result = createContactFormSchema.safeParse({ email });
  return result.success ? null : result.error.issues[0]?.message;
};

describe('the create-contact form', () => {
  it('accepts a valid email and trims it', () => {
    expect(createContactFormSchema.parse({ email: '  jamie@example.com ' }).email).toBe('jamie@example.com');
  });

  it("says 'Valid email is required' for an empty or invalid email", () => {
    expect(errorOf('')).toBe('Valid email is required');
    expect(errorOf('not-an-email')).toBe('Valid email is required');
    expect(errorOf('a@b')).toBe('Valid email is required');
  });
});

describe('the delete confirmation', () => {
  it("needs the contact's email, in any case", () => {
    expect(confirmsEmail('Jamie@Example.com ', 'jamie@example.com')).toBe(true);
    expect(confirmsEmail('jamie@example.co', 'jamie@example.com')).toBe(false);
    expect(confirmsEmail('', '')).toBe(false);
  });
});
