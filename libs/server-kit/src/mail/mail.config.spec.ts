import { ConfigError } from '../config/config';
import { createLogger } from '../logging/logger';
import { checkMailConfig, mailConfigSchema, parseMailAddress } from './mail.config';
import { createMailAdapter } from './mail.module';
import { SesMailAdapter } from './ses-mail.adapter';
import { SmtpMailAdapter } from './smtp-mail.adapter';

const logger = createLogger('mail-config-test', 'silent');

describe('mail config', () => {
  it('defaults to SMTP into the local capture', () => {
    expect(mailConfigSchema.parse({})).toEqual({
      MAIL_TRANSPORT: 'smtp',
      SMTP_URL: 'smtp://127.0.0.1:1025',
      MAIL_FROM: { name: 'Meridian', email: 'no-reply@meridian.local' },
      SES_MESSAGE_FORMAT: 'simple',
    });
  });

  it('extends a service config schema', () => {
    const keys = Object.keys(mailConfigSchema.shape);
    expect(keys).toEqual(expect.arrayContaining(['MAIL_TRANSPORT', 'SMTP_URL', 'MAIL_FROM', 'SES_REGION']));
  });

  it('rejects a URL that is not SMTP and a sender that is not an address', () => {
    const result = mailConfigSchema.safeParse({
      SMTP_URL: 'http://mail.test',
      MAIL_FROM: 'Meridian <nobody>',
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.path[0])).toEqual(['SMTP_URL', 'MAIL_FROM']);
  });

  it('reads a sender with or without a display name', () => {
    expect(parseMailAddress('Meridian <no-reply@meridian.test>')).toEqual({
      name: 'Meridian',
      email: 'no-reply@meridian.test',
    });
    expect(parseMailAddress('"Acme, Inc." <a@acme.test>')).toEqual({
      name: 'Acme, Inc.',
      email: 'a@acme.test',
    });
    expect(parseMailAddress('a@acme.test')).toEqual({ email: 'a@acme.test' });
    expect(parseMailAddress('not an address')).toBeNull();
  });

  it('requires a region for SES and both halves of a key pair', () => {
    const config = mailConfigSchema.parse({
      MAIL_TRANSPORT: 'ses',
      SES_ACCESS_KEY_ID: 'AKID',
      SMTP_USER: 'u',
    });
    expect(() => checkMailConfig(config)).toThrow(ConfigError);
    try {
      checkMailConfig(config);
    } catch (error) {
      expect((error as ConfigError).problems).toEqual([
        'SES_REGION: required when MAIL_TRANSPORT is ses',
        'SES_ACCESS_KEY_ID, SES_SECRET_ACCESS_KEY: set both or neither',
        'SMTP_USER, SMTP_PASSWORD: set both or neither',
      ]);
    }
  });

  it('picks the adapter MAIL_TRANSPORT names', () => {
    const smtp = createMailAdapter(mailConfigSchema.parse({}), logger);
    const ses = createMailAdapter(
      mailConfigSchema.parse({ MAIL_TRANSPORT: 'ses', SES_REGION: 'eu-west-1' }),
      logger,
    );
    try {
      expect(smtp).toBeInstanceOf(SmtpMailAdapter);
      expect(ses).toBeInstanceOf(SesMailAdapter);
    } finally {
      smtp.close();
      ses.close();
    }
  });
});
