import {
  emailSettingsMessages,
  globalEmailSettingSchema,
  unsubUrlRequestSchema,
} from './email-settings.contract';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? []);

describe('globalEmailSettingSchema', () => {
  it('normalises addresses and defaults an absent reply-to to empty', () => {
    expect(
      globalEmailSettingSchema.parse({ from_email: { name: ' Acme ', email: ' News@Demo.Meridian.dev ' } }),
    ).toEqual({ from_email: { name: 'Acme', email: 'news@demo.meridian.dev' }, reply_to: '' });
  });

  it('requires a sender name and valid addresses', () => {
    const result = globalEmailSettingSchema.safeParse({
      from_email: { name: '', email: 'news@' },
      reply_to: 'help at acme',
    });
    expect(messagesOf(result)).toEqual([
      emailSettingsMessages.senderNameRequired,
      emailSettingsMessages.invalidEmail,
      emailSettingsMessages.invalidEmail,
    ]);
  });
});

describe('unsubUrlRequestSchema', () => {
  it.each(['https://acme.com/opt-out', 'http://acme.com:8080/p?x=1'])('accepts %s', (url) => {
    expect(unsubUrlRequestSchema.safeParse({ url, customUrl: true }).success).toBe(true);
  });

  it.each(['', 'acme.com', 'ftp://acme.com', 'javascript:alert(1)', 'mailto:a@b.c', 'https://'])(
    'refuses %j with the spec message when the custom page is on',
    (url) => {
      expect(messagesOf(unsubUrlRequestSchema.safeParse({ url, customUrl: true }))).toEqual([
        'Please enter a valid url',
      ]);
    },
  );

  it('allows no URL while the custom page is off, but not a broken one', () => {
    expect(unsubUrlRequestSchema.parse({ customUrl: false })).toEqual({ url: '', customUrl: false });
    expect(unsubUrlRequestSchema.safeParse({ url: 'nope', customUrl: false }).success).toBe(false);
  });
});
