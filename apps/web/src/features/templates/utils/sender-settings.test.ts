import { describe, expect, it } from 'vitest';
import {
  SENDER_NAME_EMPTY,
  senderFieldsOf,
  senderSettingsOf,
  senderSettingsSchema,
  senderSummary,
  type SenderSettings,
} from './sender-settings';

const text = (value: string) => ({ type: 'text' as const, value });
const token = (value: string) => ({ type: 'token' as const, value });

function issues(settings: SenderSettings) {
  const result = senderSettingsSchema.safeParse(settings);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path[0], i.message]));
}

describe('senderSettingsSchema', () => {
  it('accepts a typed sender name and addresses', () => {
    expect(issues({ from_name: text('Acme'), from_email: text('hi@acme.com'), reply_to: text('') })).toEqual(
      {},
    );
  });

  it('rejects an empty sender name with the dialog message', () => {
    expect(issues({ from_name: text('  '), from_email: text('hi@acme.com'), reply_to: text('') })).toEqual({
      from_name: SENDER_NAME_EMPTY,
    });
  });

  it('rejects an invalid from email and an invalid reply-to', () => {
    expect(
      issues({ from_name: text('Acme'), from_email: text('nope'), reply_to: text('also nope') }),
    ).toEqual({
      from_email: 'Please enter a valid email address',
      reply_to: 'Please enter a valid email address',
    });
  });

  it('needs a chosen token where a field takes its value from a token', () => {
    expect(issues({ from_name: token(''), from_email: token('owner_email'), reply_to: text('') })).toEqual({
      from_name: 'Select a token',
    });
  });
});

describe('senderSettingsOf', () => {
  it('prefers the sender_meta choices', () => {
    const settings = senderSettingsOf({
      from_email: { name: 'Typed', email: 'typed@acme.com' },
      reply_to: null,
      sender_meta: { from_name: token('account_owner'), from_email: text('typed@acme.com'), reply_to: null },
    });
    expect(settings).toEqual({
      from_name: token('account_owner'),
      from_email: text('typed@acme.com'),
      reply_to: text(''),
    });
  });

  it('falls back to the typed from and reply-to', () => {
    expect(
      senderSettingsOf({
        from_email: { name: 'Acme', email: 'hi@acme.com' },
        reply_to: 'r@acme.com',
        sender_meta: null,
      }),
    ).toEqual({ from_name: text('Acme'), from_email: text('hi@acme.com'), reply_to: text('r@acme.com') });
  });
});

describe('senderFieldsOf', () => {
  it('saves nulls when the template has no sender of its own', () => {
    expect(senderFieldsOf({ from_name: text(''), from_email: text(''), reply_to: text('') })).toEqual({
      from_email: null,
      reply_to: null,
      sender_meta: null,
    });
  });

  it('keeps typed values in from_email and the text/token choice in sender_meta', () => {
    expect(
      senderFieldsOf({
        from_name: token('account_owner'),
        from_email: text(' hi@acme.com '),
        reply_to: text(''),
      }),
    ).toEqual({
      from_email: { name: '', email: 'hi@acme.com' },
      reply_to: null,
      sender_meta: { from_name: token('account_owner'), from_email: text('hi@acme.com'), reply_to: null },
    });
  });
});

describe('senderSummary', () => {
  it('names the organisation default when nothing is set', () => {
    expect(senderSummary({ from_name: text(''), from_email: text(''), reply_to: text('') })).toBe(
      'Organisation default sender',
    );
  });

  it('shows tokens in braces', () => {
    expect(
      senderSummary({ from_name: token('owner'), from_email: text('hi@acme.com'), reply_to: text('') }),
    ).toBe('{owner} <hi@acme.com>');
  });
});
