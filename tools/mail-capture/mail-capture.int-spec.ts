import { createTestDatabase, type TestDatabase } from '@meridian/testing';
import Fastify from 'fastify';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import {
  createMailCaptureApi,
  type MailCapture,
  type MailCaptureApi,
  MailCaptureQueryError,
  registerMailCaptureRoutes,
  startMailCapture,
} from './index.mjs';

describe('mail capture', () => {
  let db: TestDatabase;
  let capture: MailCapture;
  let api: MailCaptureApi;

  async function send(mail: SendMailOptions): Promise<void> {
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: capture.port, secure: false });
    try {
      await transport.sendMail({ from: '"Acme Marketing" <news@acme.test>', ...mail });
    } finally {
      transport.close();
    }
  }

  beforeAll(async () => {
    db = await createTestDatabase();
    capture = await startMailCapture({ smtpPort: 0, databaseUrl: db.url });
    api = createMailCaptureApi(db.url);
  });

  afterAll(async () => {
    await capture?.close();
    await api?.close();
    await db?.drop();
  });

  beforeEach(async () => {
    await api.deleteAll();
  });

  it('stores a mail sent over SMTP and gives it back with its html, text and headers', async () => {
    await send({
      to: 'ada@example.test',
      bcc: 'audit@acme.test',
      subject: 'Welcome to Acme',
      html: '<p>Hello <b>Ada</b></p>',
      text: 'Hello Ada',
      headers: { 'List-Unsubscribe': '<https://meridian.test/u/1>', 'X-Meridian-Send-Id': 'run-1' },
    });

    const page = await api.listMessages();
    expect(page).toMatchObject({ total_count: 1, page_count: 1 });
    const [summary] = page.records;
    expect(summary).toEqual({
      id: expect.stringMatching(/^\d+$/),
      received_at: expect.any(String),
      from: '"Acme Marketing" <news@acme.test>',
      to: ['ada@example.test', 'audit@acme.test'],
      subject: 'Welcome to Acme',
    });
    expect(new Date(summary!.received_at).toISOString()).toBe(summary!.received_at);

    const mail = await api.getMessage(summary!.id);
    expect(mail).toMatchObject({ ...summary, html: '<p>Hello <b>Ada</b></p>', text: 'Hello Ada' });
    expect(mail!.headers).toMatchObject({
      subject: 'Welcome to Acme',
      'list-unsubscribe': '<https://meridian.test/u/1>',
      'x-meridian-send-id': 'run-1',
    });
    expect(JSON.parse(JSON.stringify(mail))).toEqual(mail);
  });

  it('lists newest first, in pages, and filters by recipient ignoring case', async () => {
    for (const n of [1, 2, 3])
      await send({
        to: n === 2 ? 'grace@example.test' : 'ada@example.test',
        subject: `Mail ${n}`,
        text: 'x',
      });

    const first = await api.listMessages({ page_number: 1, page_size: 2 });
    expect(first.records.map((r) => r.subject)).toEqual(['Mail 3', 'Mail 2']);
    expect(first).toMatchObject({ total_count: 3, page_count: 2 });
    const second = await api.listMessages({ page_number: '2', page_size: '2' });
    expect(second.records.map((r) => r.subject)).toEqual(['Mail 1']);

    const forGrace = await api.listMessages({ to: 'GRACE@example' });
    expect(forGrace.records.map((r) => r.subject)).toEqual(['Mail 2']);
    expect(forGrace).toMatchObject({ total_count: 1, page_count: 1 });
  });

  it('keeps newest first past the ninth mail (ids compared as numbers)', async () => {
    for (let n = 1; n <= 11; n++) await send({ to: 'many@example.test', subject: `Many ${n}`, text: 'x' });
    const page = await api.listMessages({ to: 'many@example.test', page_size: 3 });
    expect(page.records.map((r) => r.subject)).toEqual(['Many 11', 'Many 10', 'Many 9']);
  });

  it('refuses a page size out of range and answers null for an unknown mail', async () => {
    await expect(api.listMessages({ page_size: 0 })).rejects.toBeInstanceOf(MailCaptureQueryError);
    await expect(api.listMessages({ page_number: 'two' })).rejects.toMatchObject({
      fields: { page_number: [expect.any(String)] },
    });
    expect(await api.getMessage('999999')).toBeNull();
    expect(await api.getMessage('1 or 1=1')).toBeNull();
  });

  it('deletes every captured mail', async () => {
    await send({ to: 'ada@example.test', subject: 'Soon gone', text: 'x' });
    expect(await api.deleteAll()).toEqual({ deleted_count: 1 });
    expect(await api.listMessages()).toEqual({ records: [], total_count: 0, page_count: 0 });
  });

  it('serves the developer page through the gateway routes', async () => {
    const app = Fastify();
    registerMailCaptureRoutes(app, createMailCaptureApi(db.url));
    try {
      const base = await app.listen({ port: 0, host: '127.0.0.1' });
      const call = async (method: string, path: string) => {
        const response = await fetch(`${base}${path}`, { method });
        return { status: response.status, body: (await response.json()) as Record<string, unknown> };
      };
      await send({ to: 'ada@example.test', subject: 'Through the gateway', html: '<p>Hi</p>' });

      const list = await call('GET', '/api/dev/mails?page_number=1&page_size=5&to=ada');
      expect(list.status).toBe(200);
      const records = list.body.records as { id: string; subject: string }[];
      expect(records.map((r) => r.subject)).toEqual(['Through the gateway']);

      const one = await call('GET', `/api/dev/mails/${records[0]!.id}`);
      expect(one).toMatchObject({ status: 200, body: { subject: 'Through the gateway' } });
      expect(String(one.body.html).trim()).toBe('<p>Hi</p>');

      expect(await call('GET', '/api/dev/mails/424242')).toMatchObject({
        status: 404,
        body: { status_code: 404, code: 'NotFoundException' },
      });
      expect(await call('GET', '/api/dev/mails?page_size=100000')).toMatchObject({
        status: 400,
        body: { code: 'ValidationException', fields: { page_size: [expect.any(String)] } },
      });

      expect(await call('DELETE', '/api/dev/mails')).toEqual({ status: 200, body: { deleted_count: 1 } });
    } finally {
      await app.close();
    }
  });
});
