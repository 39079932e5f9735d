import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { createLogger } from '../logging/logger';
import type { MailMessage } from './mail.port';
import { formatAddress, type SesMailConfig, SesMailAdapter } from './ses-mail.adapter';

interface Recorded {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

interface SendEmailBody {
  FromEmailAddress: string;
  Destination: { ToAddresses: string[] };
  ReplyToAddresses?: string[];
  ConfigurationSetName?: string;
  Content: {
    Simple?: {
      Subject: { Data: string };
      Body: { Html: { Data: string }; Text?: { Data: string } };
      Headers?: { Name: string; Value: string }[];
    };
    Raw?: { Data: string };
  };
}

const message: MailMessage = {
  to: ['ada@example.test'],
  from: { name: 'Acme Marketing', email: 'news@acme.test' },
  replyTo: 'support@acme.test',
  subject: 'Spring sale: 20% off',
  html: '<h1>Spring sale</h1>',
  text: 'Spring sale',
  headers: {
    'List-Unsubscribe': '<https://meridian.test/u/abc>',
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  },
};

const SECRET = 'test-secret-key-never-logged';

describe(SesMailAdapter.name, () => {
  let server: Server;
  let endpoint: string;
  const requests: Recorded[] = [];
  const logLines: string[] = [];
  /** What the fake SES answers next. */
  let answer: { status: number; headers: Record<string, string>; body: unknown } = {
    status: 200,
    headers: {},
    body: { MessageId: 'ses-message-1' },
  };
  const adapters: SesMailAdapter[] = [];

  function adapter(config: Partial<SesMailConfig> = {}): SesMailAdapter {
    const created = new SesMailAdapter(
      {
        SES_REGION: 'eu-west-1',
        SES_ENDPOINT: endpoint,
        SES_ACCESS_KEY_ID: 'AKIDTESTKEY',
        SES_SECRET_ACCESS_KEY: SECRET,
        SES_CONFIGURATION_SET: 'marketing',
        SES_MESSAGE_FORMAT: 'simple',
        ...config,
      },
      createLogger('mail-test', 'debug', { write: (line: string) => void logLines.push(line) }),
    );
    adapters.push(created);
    return created;
  }

  beforeAll(async () => {
    // Stands in for the SES API on loopback and records what the real client sends.
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        requests.push({
          method: request.method!,
          path: request.url!,
          headers: request.headers,
          body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>,
        });
        response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
        response.end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterEach(() => {
    for (const created of adapters.splice(0)) created.close();
    requests.splice(0);
    answer = { status: 200, headers: {}, body: { MessageId: 'ses-message-1' } };
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('sends a simple message through SendEmail, signed with the configured keys', async () => {
    const receipt = await adapter().send(message);

    expect(receipt).toEqual({ messageId: 'ses-message-1' });
    expect(requests).toHaveLength(1);
    const [request] = requests as [Recorded];
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v2/email/outbound-emails');
    expect(request.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDTESTKEY\/\d{8}\/eu-west-1\/ses\/aws4_request/,
    );
    const body = request.body as unknown as SendEmailBody;
    expect(body).toMatchObject({
      FromEmailAddress: '"Acme Marketing" <news@acme.test>',
      Destination: { ToAddresses: ['ada@example.test'] },
      ReplyToAddresses: ['support@acme.test'],
      ConfigurationSetName: 'marketing',
    });
    expect(body.Content.Simple).toEqual({
      Subject: { Data: 'Spring sale: 20% off', Charset: 'UTF-8' },
      Body: {
        Html: { Data: '<h1>Spring sale</h1>', Charset: 'UTF-8' },
        Text: { Data: 'Spring sale', Charset: 'UTF-8' },
      },
      Headers: [
        { Name: 'List-Unsubscribe', Value: '<https://meridian.test/u/abc>' },
        { Name: 'List-Unsubscribe-Post', Value: 'List-Unsubscribe=One-Click' },
      ],
    });
    expect(logLines.join('\n')).not.toContain(SECRET);
  });

  it('sends a raw MIME message when configured to, with the headers inside it', async () => {
    await adapter({ SES_MESSAGE_FORMAT: 'raw' }).send(message);

    const body = requests[0]!.body as unknown as SendEmailBody;
    expect(body.Content.Simple).toBeUndefined();
    const mail = await simpleParser(Buffer.from(body.Content.Raw!.Data, 'base64'));
    expect(mail.subject).toBe('Spring sale: 20% off');
    expect(mail.html).toBe('<h1>Spring sale</h1>');
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : mail.to).toBe('ada@example.test');
    expect(mail.headerLines.find((h) => h.key === 'list-unsubscribe-post')?.line).toBe(
      'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
    );
  });

  it('reports a message SES rejects as a failure retrying cannot fix', async () => {
    answer = {
      status: 400,
      headers: { 'x-amzn-errortype': 'MessageRejected' },
      body: { message: 'Email address is not verified.' },
    };

    await expect(adapter().send(message)).rejects.toMatchObject({
      code: 'MailSendFailed',
      retryable: false,
      description: expect.stringContaining('MessageRejected'),
    });
  });

  it('encodes a display name that is not ASCII, as SES requires', () => {
    expect(formatAddress({ name: 'Zoë', email: 'z@acme.test' })).toBe('=?UTF-8?B?Wm/Dqw==?= <z@acme.test>');
    expect(formatAddress({ email: 'z@acme.test' })).toBe('z@acme.test');
    expect(formatAddress({ name: 'Say "hi"', email: 'z@acme.test' })).toBe('"Say \\"hi\\"" <z@acme.test>');
  });
});
