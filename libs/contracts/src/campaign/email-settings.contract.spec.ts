import {
  emailSettingsMessages,
  globalEmailSettingSchema,
  unsubUrlRequestSchema,
} from './email-settings.contract';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? []);

describe('globalEmailSettingSchema', () => {
  it('normalises addresses', () => {
    expect(
      globalEmailSettingSchema.parse({
        from_email: { name: ' Acme ', email: ' News@Demo.Meridian.dev ' },
        reply_to: ' Help@Acme.com ',
      }),
    ).toEqual({ from_email: { name: 'Acme', email: 'news@demo.meridian.dev' }, reply_to: 'help@acme.com' });
  });

  it('requires a reply-to address (spec 5: a valid email)', () => {
    for (const reply_to of [undefined, '', '  '])
      expect(
        messagesOf(
          globalEmailSettingSchema.safeParse({ from_email: { name: 'Acme', email: 'a@b.co' }, reply_to }),
        ),
      ).toEqual([emailSettingsMessages.invalidEmail]);
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

  it('checks the URL only while the custom page is on', () => {
    expect(unsubUrlRequestSchema.parse({ customUrl: false })).toEqual({ url: '', customUrl: false });
    expect(unsubUrlRequestSchema.safeParse({ url: 'nope', customUrl: false }).success).toBe(true);
  });
});
