import type { AddressInfo } from 'node:net';
import { NestFactory } from '@nestjs/core';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import { createLogger } from '../logging/logger';
import { LoggerModule } from '../logging/logger.module';
import { mailConfigSchema, type MailAddress } from './mail.config';
import { MAIL_DEFAULT_SENDER, MailModule } from './mail.module';
import { MailError } from './mail.errors';
import { MAIL_PORT, type MailMessage, type MailPort } from './mail.port';
import { SmtpMailAdapter } from './smtp-mail.adapter';

interface Received {
  envelope: { mailFrom: string | false; rcptTo: string[] };
  user: unknown;
  mail: ParsedMail;
}

const message: MailMessage = {
  to: ['ada@example.test', 'grace@example.test'],
  from: { name: 'Acme Marketing', email: 'news@acme.test' },
  replyTo: 'support@acme.test',
  subject: 'Spring sale: 20% off',
  html: '<h1>Spring sale</h1><p>Everything is 20% off.</p>',
  text: 'Spring sale. Everything is 20% off.',
  headers: {
    'List-Unsubscribe': '<https://meridian.test/u/abc>',
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    'X-Meridian-Send-Id': 'run-1:action-2:person-3',
  },
};

/** A header as written on the wire (mailparser folds List-* headers into one structured entry). */
function rawHeader(mail: ParsedMail, key: string): string | undefined {
  const line = mail.headerLines.find((h) => h.key === key)?.line;
  return line?.slice(line.indexOf(':') + 1).trim();
}

describe(SmtpMailAdapter.name, () => {
  let server: SMTPServer;
  let url: string;
  const received: Received[] = [];
  const logLines: string[] = [];
  const adapters: SmtpMailAdapter[] = [];
  const logger = createLogger('mail-test', 'debug', { write: (line: string) => void logLines.push(line) });

  function adapter(config: Partial<ConstructorParameters<typeof SmtpMailAdapter>[0]> = {}): SmtpMailAdapter {
    const created = new SmtpMailAdapter({ SMTP_URL: url, ...config }, logger);
    adapters.push(created);
    return created;
  }

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onAuth(auth, _session, callback) {
        if (auth.username === 'mailer' && auth.password === 's3cret-pass')
          return callback(null, { user: 'mailer' });
        return callback(new Error('Invalid username or password'));
      },
      onRcptTo(address: SMTPServerAddress, _session, callback) {
        if (address.address.endsWith('@rejected.test')) {
          return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
        }
        return callback();
      },
      onData(stream, session, callback) {
        // The session is reused by the next mail on this connection: copy what we need now.
        const envelope = {
          mailFrom: session.envelope.mailFrom && session.envelope.mailFrom.address,
          rcptTo: session.envelope.rcptTo.map((r) => r.address),
        };
        const user = session.user;
        simpleParser(stream).then(
          (mail) => {
            received.push({ envelope, user, mail });
            callback();
          },
          (error: Error) => callback(error),
        );
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  });

  afterEach(() => {
    for (const created of adapters.splice(0)) created.close();
    received.splice(0);
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('delivers a mail the receiving server reads back: subject, recipients, html, text and custom headers', async () => {
    const receipt = await adapter().send(message);

    expect(received).toHaveLength(1);
    const [{ envelope, mail }] = received as [Received];
    expect(envelope).toEqual({
      mailFrom: 'news@acme.test',
      rcptTo: ['ada@example.test', 'grace@example.test'],
    });
    expect(mail.subject).toBe('Spring sale: 20% off');
    expect(mail.from?.value).toEqual([{ name: 'Acme Marketing', address: 'news@acme.test' }]);
    expect(
      (Array.isArray(mail.to) ? mail.to : [mail.to]).flatMap((t) => t!.value.map((v) => v.address)),
    ).toEqual(['ada@example.test', 'grace@example.test']);
    expect(mail.replyTo?.value[0]?.address).toBe('support@acme.test');
    expect(mail.html).toBe('<h1>Spring sale</h1><p>Everything is 20% off.</p>');
    expect(mail.text?.trim()).toBe('Spring sale. Everything is 20% off.');
    expect(rawHeader(mail, 'list-unsubscribe')).toBe('<https://meridian.test/u/abc>');
    expect(rawHeader(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(rawHeader(mail, 'x-meridian-send-id')).toBe('run-1:action-2:person-3');
    expect(mail.messageId).toBe(receipt.messageId);
  });

  it('logs in with the configured credentials, and no log line carries the password', async () => {
    await adapter({ SMTP_USER: 'mailer', SMTP_PASSWORD: 's3cret-pass' }).send(message);
    await adapter({ SMTP_URL: url.replace('smtp://', 'smtp://mailer:s3cret-pass@') }).send(message);

    expect(received.map((r) => r.user)).toEqual(['mailer', 'mailer']);
    expect(logLines.join('\n')).not.toContain('s3cret-pass');
    expect(logLines.some((line) => line.includes('"auth":true'))).toBe(true);
  });

  it('is the MAIL_PORT of MailModule, with MAIL_FROM as the default sender', async () => {
    const config = mailConfigSchema.parse({ SMTP_URL: url, MAIL_FROM: 'Meridian <no-reply@meridian.test>' });
    const app = await NestFactory.createApplicationContext(
      {
        module: class MailTestModule {},
        imports: [LoggerModule.forRoot(logger), MailModule.forRoot(config)],
      },
      { logger: false, abortOnError: false },
    );
    try {
      const sender = app.get<MailAddress>(MAIL_DEFAULT_SENDER);
      await app.get<MailPort>(MAIL_PORT).send({ ...message, from: sender });
    } finally {
      await app.close();
    }

    expect(received.map((r) => r.mail.from?.value)).toEqual([
      [{ name: 'Meridian', address: 'no-reply@meridian.test' }],
    ]);
  });

  it('reports a recipient the server refuses as a failure retrying cannot fix', async () => {
    const sending = adapter().send({ ...message, to: ['nobody@rejected.test'] });

    await expect(sending).rejects.toBeInstanceOf(MailError);
    await expect(sending).rejects.toMatchObject({ code: 'MailSendFailed', retryable: false });
    expect(received).toEqual([]);
  });

  it('reports a server that cannot be reached as worth retrying', async () => {
    // A port that was just free on loopback: nothing listens there.
    const probe = new SMTPServer({ logger: false });
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.server.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));

    await expect(adapter({ SMTP_URL: `smtp://127.0.0.1:${port}` }).send(message)).rejects.toMatchObject({
      code: 'MailSendFailed',
      retryable: true,
    });
  });
});
