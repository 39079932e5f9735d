import http, { type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type Endpoint,
  personCreateContract,
  personUpdateContract,
  webhookCreateContract,
  webhookDeleteContract,
  webhookGetContract,
  webhookListAllContract,
  webhookListContract,
  webhookMessages,
  webhookNameUpdateContract,
  webhookPreviewContract,
  webhookUpdateContract,
} from '@meridian/contracts';
import type { SignedIn } from '@meridian/testing';
import { WebhooksRepository } from '../src/modules/assets/webhooks/webhooks.repository';
import { type CampaignTestApp, startCampaignTestApp } from './support/campaign-test-app';

const saved = {
  description: 'Tells the CRM about a signup',
  method: 'PUT',
  url: 'https://crm.example.com/hooks/{{ person.id }}',
  payload: '{"email": "{{ person.email }}"}',
  headers: { 'content-type': 'application/json', 'X-Api-Key': ' k-123 ' },
  timeout: 5,
};

describe('WebhooksController', () => {
  let t: CampaignTestApp;
  let admin: SignedIn;
  let stranger: SignedIn;

  beforeAll(async () => {
    // The preview tests' receiver listens on 127.0.0.2; every other internal address stays refused.
    t = await startCampaignTestApp({ OUTBOUND_ALLOWED_HOSTS: '127.0.0.2' });
    admin = await t.platform.newOrganisation();
    stranger = await t.platform.newOrganisation();
  });

  afterAll(async () => {
    await t?.close();
  });

  beforeEach(async () => {
    await t.sql('TRUNCATE campaign.webhooks, campaign.email_tokens');
  });

  async function newWebhook(name: string, who = admin): Promise<string> {
    return (await t.call(webhookCreateContract, { name }, who).expect(200)).body.webhook.webhook_id as string;
  }

  it('creates a webhook with the defaults of spec 3', async () => {
    const response = await t.call(webhookCreateContract, { name: '  Signup hook ' }, admin).expect(200);
    const webhook = response.body.webhook;
    expect(webhook).toMatchObject({
      name: 'Signup hook',
      description: '',
      method: 'POST',
      url: '',
      payload: null,
      headers: { 'content-type': 'application/json' },
      timeout: 10,
      type: 'webhook',
      created_by: { id: admin.account.id, name: admin.account.name },
      updated_by: { id: admin.account.id, name: admin.account.name },
    });
    expect(webhook.webhook_id).toMatch(/^webhook-[a-z0-9]{5}$/);
    const got = await t.call(webhookGetContract, { webhook_id: webhook.webhook_id }, admin).expect(200);
    expect(got.body.webhook).toEqual(webhook);
  });

  it('rejects a name under 3 characters on create and rename', async () => {
    const create = await t.call(webhookCreateContract, { name: ' ab ' }, admin).expect(400);
    expect(create.body).toMatchObject({
      code: 'ValidationException',
      fields: { name: [webhookMessages.nameTooShort] },
    });
    const id = await newWebhook('Good name');
    const rename = await t.call(webhookNameUpdateContract, { webhook_id: id, name: 'x' }, admin).expect(400);
    expect(rename.body.fields).toEqual({ name: [webhookMessages.nameTooShort] });
  });

  it('saves the editor, trimming headers and dropping blank keys', async () => {
    const id = await newWebhook('CRM sync');
    const response = await t
      .call(
        webhookUpdateContract,
        { webhook_id: id, ...saved, headers: { ...saved.headers, '  ': 'dropped' } },
        admin,
      )
      .expect(200);
    expect(response.body.webhook).toMatchObject({
      name: 'CRM sync',
      description: saved.description,
      method: 'PUT',
      url: saved.url,
      payload: saved.payload,
      headers: { 'content-type': 'application/json', 'x-api-key': 'k-123' },
      timeout: 5,
    });
    const got = await t.call(webhookGetContract, { webhook_id: id }, admin).expect(200);
    expect(got.body.webhook).toEqual(response.body.webhook);
    expect(Date.parse(got.body.webhook.updated_at)).toBeGreaterThanOrEqual(
      Date.parse(got.body.webhook.created_at),
    );
  });

  it('keeps the headers sealed at rest, never in plain text, and seals rows written before', async () => {
    const id = await newWebhook('Sealed');
    const secret = `Bearer sealed-${Date.now()}`;
    const headers = { 'content-type': 'application/json', authorization: secret };
    await t.call(webhookUpdateContract, { webhook_id: id, ...saved, headers }, admin).expect(200);
    const stored = async (webhookId: string) =>
      (
        await t.sql<{ row: string }>(
          `SELECT row_to_json(w)::text AS row FROM campaign.webhooks w WHERE webhook_id = $1`,
          [webhookId],
        )
      )[0]!.row;
    expect(await stored(id)).not.toContain('sealed-');
    const got = await t.call(webhookGetContract, { webhook_id: id }, admin).expect(200);
    expect(got.body.webhook.headers).toEqual(headers);

    // A row with its headers in plain text (as stored before they were sealed) is sealed on start.
    await t.sql(
      `INSERT INTO campaign.webhooks (organisation_id, webhook_id, name, headers)
       VALUES ($1, 'webhook-plain', 'Plain', $2::jsonb)`,
      [admin.organisation.id, JSON.stringify({ 'x-api-key': 'plain-key-1' })],
    );
    expect(await stored('webhook-plain')).toContain('plain-key-1');
    await t.app.get(WebhooksRepository).onApplicationBootstrap();
    expect(await stored('webhook-plain')).not.toContain('plain-key-1');
    const plain = await t.call(webhookGetContract, { webhook_id: 'webhook-plain' }, admin).expect(200);
    expect(plain.body.webhook.headers).toEqual({ 'x-api-key': 'plain-key-1' });
    // Bound to its row: the sealed headers copied onto another webhook do not open there.
    await t.sql(
      `UPDATE campaign.webhooks SET headers_sealed = (SELECT headers_sealed FROM campaign.webhooks WHERE webhook_id = $1)
        WHERE webhook_id = 'webhook-plain'`,
      [id],
    );
    await t.call(webhookGetContract, { webhook_id: 'webhook-plain' }, admin).expect(500);
    await t.sql(`DELETE FROM campaign.webhooks WHERE webhook_id = 'webhook-plain'`);
  });

  it('stores an empty payload as null', async () => {
    const id = await newWebhook('No body');
    const response = await t
      .call(webhookUpdateContract, { webhook_id: id, ...saved, payload: '  ', headers: {} }, admin)
      .expect(200);
    expect(response.body.webhook).toMatchObject({ payload: null, headers: {} });
  });

  it('refuses a save with the spec 5 messages', async () => {
    const id = await newWebhook('Strict');
    const response = await t
      .call(
        webhookUpdateContract,
        { webhook_id: id, ...saved, description: ' ', url: 'crm.example.com', headers: { 'x-a': '1' } },
        admin,
      )
      .expect(400);
    expect(response.body.fields).toEqual({
      description: [webhookMessages.descriptionEmpty],
      url: [webhookMessages.invalidUrl],
      'headers.content-type': [webhookMessages.contentTypeRequired],
    });
    const unchanged = await t.call(webhookGetContract, { webhook_id: id }, admin).expect(200);
    expect(unchanged.body.webhook).toMatchObject({ description: '', url: '' });
  });

  it.each([
    ['the cloud metadata address', 'http://169.254.169.254/latest/meta-data/'],
    ['loopback', 'http://127.0.0.1:8080/hooks'],
    ['loopback spelled in decimal', 'http://2130706433/'],
    ['a private address', 'http://10.0.0.1/'],
    ['localhost by name', 'http://localhost:3000/'],
  ])('refuses to save %s with the message a call gives, and keeps the old target', async (_what, url) => {
    const id = await newWebhook('Internal');
    const response = await t
      .call(webhookUpdateContract, { webhook_id: id, ...saved, url }, admin)
      .expect(400);
    expect(response.body).toMatchObject({
      code: 'ValidationException',
      description: 'Requests to internal addresses are not allowed',
      fields: { url: ['Requests to internal addresses are not allowed'] },
    });
    expect((await t.call(webhookGetContract, { webhook_id: id }, admin).expect(200)).body.webhook.url).toBe(
      '',
    );
  });

  it('saves an internal target the operator allows (OUTBOUND_ALLOWED_HOSTS)', async () => {
    const id = await newWebhook('Allowed');
    await t
      .call(webhookUpdateContract, { webhook_id: id, ...saved, url: 'http://127.0.0.2:9000/hooks' }, admin)
      .expect(200);
  });

  it('renames a webhook', async () => {
    const id = await newWebhook('Old name');
    const response = await t
      .call(webhookNameUpdateContract, { webhook_id: id, name: 'New name' }, admin)
      .expect(200);
    expect(response.body.webhook).toMatchObject({ webhook_id: id, name: 'New name' });
  });

  it('lists newest change first, searches on name and pages', async () => {
    const first = await newWebhook('Signup to CRM');
    await newWebhook('Churn alert');
    await newWebhook('Signup to Slack');
    await t
      .call(webhookNameUpdateContract, { webhook_id: first, name: 'Signup to CRM v2' }, admin)
      .expect(200);

    const page = await t.call(webhookListContract, { page_size: 2, page_number: 1 }, admin).expect(200);
    expect(page.body).toMatchObject({ total_count: 3, page_count: 2, page_number: 1, page_size: 2 });
    expect(page.body.records.map((w: { name: string }) => w.name)).toEqual([
      'Signup to CRM v2',
      'Signup to Slack',
    ]);
    const second = await t.call(webhookListContract, { page_size: 2, page_number: 2 }, admin).expect(200);
    expect(second.body.records.map((w: { name: string }) => w.name)).toEqual(['Churn alert']);

    const found = await t
      .call(webhookListContract, { query: { search: { keyword: 'SIGNUP' } } }, admin)
      .expect(200);
    expect(found.body).toMatchObject({ total_count: 2, page_size: 10 });
    const none = await t
      .call(webhookListContract, { query: { search: { keyword: '100%_' } } }, admin)
      .expect(200);
    expect(none.body).toMatchObject({ total_count: 0, page_count: 0, records: [] });

    const all = await t.call(webhookListAllContract, {}, admin).expect(200);
    expect(all.body.records).toHaveLength(3);
  });

  it('searches the columns query.search.fields names, name when it names none', async () => {
    const crm = await newWebhook('Signup to CRM');
    await newWebhook('Posts to Slack');
    await t
      .call(
        webhookUpdateContract,
        { webhook_id: crm, description: 'Tells Slack about new signups', url: 'https://crm.example/hook' },
        admin,
      )
      .expect(200);
    const search = (fields?: string[]) =>
      t.call(webhookListContract, { query: { search: { keyword: 'slack', fields } } }, admin);

    const byName = await search().expect(200);
    expect(byName.body.records.map((w: { name: string }) => w.name)).toEqual(['Posts to Slack']);
    const byDescription = await search(['description']).expect(200);
    expect(byDescription.body.records.map((w: { name: string }) => w.name)).toEqual(['Signup to CRM']);
    const byBoth = await search(['name', 'description']).expect(200);
    expect(byBoth.body.total_count).toBe(2);

    const refused = await search(['url']).expect(400);
    expect(refused.body).toMatchObject({ code: 'ValidationException' });
    expect(Object.keys(refused.body.fields)).toEqual(['query.search.fields.0']);
  });

  it('deletes a webhook', async () => {
    const id = await newWebhook('Short lived');
    await t.call(webhookDeleteContract, { webhook_id: id }, admin).expect(200, { success: true });
    await t.call(webhookGetContract, { webhook_id: id }, admin).expect(404);
    await t.call(webhookDeleteContract, { webhook_id: id }, admin).expect(404);
  });

  it('answers not found for an unknown id', async () => {
    const response = await t.call(webhookGetContract, { webhook_id: 'webhook-zzzzz' }, admin).expect(404);
    expect(response.body).toMatchObject({ code: 'NotFoundException', description: webhookMessages.notFound });
  });

  describe('another organisation', () => {
    let ownedId: string;

    beforeEach(async () => {
      ownedId = await newWebhook('Owned hook');
      await t.call(webhookUpdateContract, { webhook_id: ownedId, ...saved }, admin).expect(200);
    });

    const byId: Array<[string, Endpoint, (id: string) => object]> = [
      ['webhook.get', webhookGetContract, (id) => ({ webhook_id: id })],
      [
        'webhook.update',
        webhookUpdateContract,
        (id) => ({ webhook_id: id, ...saved, description: 'Hijacked' }),
      ],
      ['name.update', webhookNameUpdateContract, (id) => ({ webhook_id: id, name: 'Hijacked' })],
      ['webhook.delete', webhookDeleteContract, (id) => ({ webhook_id: id })],
    ];

    it.each(byId)('%s answers 404 for its id and changes nothing', async (_name, contract, body) => {
      const before = await t.sql('SELECT * FROM campaign.webhooks WHERE webhook_id = $1', [ownedId]);
      const response = await t.call(contract, body(ownedId), stranger).expect(404);
      expect(response.body).toMatchObject({ code: 'NotFoundException' });
      expect(await t.sql('SELECT * FROM campaign.webhooks WHERE webhook_id = $1', [ownedId])).toEqual(before);
    });

    it('does not list it or find it by search', async () => {
      const list = await t
        .call(webhookListContract, { query: { search: { keyword: 'Owned' } } }, stranger)
        .expect(200);
      expect(list.body.total_count).toBe(0);
      const all = await t.call(webhookListAllContract, {}, stranger).expect(200);
      expect(all.body.records).toEqual([]);
    });

    it('may use the same id for its own webhook without touching the other', async () => {
      await t.sql(
        `INSERT INTO campaign.webhooks (organisation_id, webhook_id, name) VALUES ($1, $2, 'Theirs')`,
        [stranger.organisation.id, ownedId],
      );
      await t.call(webhookDeleteContract, { webhook_id: ownedId }, stranger).expect(200);
      const mine = await t.call(webhookGetContract, { webhook_id: ownedId }, admin).expect(200);
      expect(mine.body.webhook.name).toBe('Owned hook');
    });
  });

  describe('preview.debug', () => {
    interface Received {
      method: string;
      url: string;
      headers: IncomingHttpHeaders;
      body: string;
    }
    let receiver: Server;
    let receiverUrl: string;
    let internal: Server;
    let internalUrl: string;
    let received: Received[];
    let internalConnections: number;
    let person: { id: string; email: string; org_id: null; product_user_id: null };

    async function listen(host: string, handler: http.RequestListener): Promise<[Server, string]> {
      const server = http.createServer(handler);
      await new Promise<void>((resolve) => server.listen(0, host, resolve));
      return [server, `http://${host}:${(server.address() as AddressInfo).port}`];
    }

    beforeAll(async () => {
      [receiver, receiverUrl] = await listen('127.0.0.2', (req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (chunk: Buffer) => chunks.push(chunk));
        req.on('end', () => {
          received.push({
            method: req.method ?? '',
            url: req.url ?? '',
            headers: req.headers,
            body: Buffer.concat(chunks).toString(),
          });
          if (req.url?.startsWith('/slow')) return;
          res.writeHead(req.url?.startsWith('/missing') ? 404 : 200, {
            'content-type': 'application/json',
            'x-receiver': 'yes',
          });
          res.end(JSON.stringify({ ok: true }));
        });
      });
      [internal, internalUrl] = await listen('127.0.0.1', (_req, res) => res.end('internal'));
      internal.on('connection', () => internalConnections++);
      const created = await t.call(personCreateContract, { email: 'ada@example.com' }, admin).expect(200);
      const id = created.body.person_id as string;
      await t
        .call(personUpdateContract, { person_id: id, default_fields: { first_name: 'Ada' } }, admin)
        .expect(200);
      person = { id, email: 'ada@example.com', org_id: null, product_user_id: null };
    });

    afterAll(async () => {
      for (const server of [receiver, internal]) {
        server?.closeAllConnections();
        await new Promise((resolve) => server?.close(resolve));
      }
    });

    beforeEach(() => {
      received = [];
      internalConnections = 0;
    });

    const preview = (body: object, who = admin) =>
      t.call(
        webhookPreviewContract,
        { method: 'POST', timeout: 5, person_ids: [person], campaign_context: 'person', ...body },
        who,
      );

    it('sends the request personalised for the person and returns the response', async () => {
      const response = await preview({
        url: `${receiverUrl}/hooks/{{ person.id }}?name={{ person.first_name }}`,
        headers: { 'content-type': 'application/json', 'x-person': '{{ person.email }}' },
        payload: '{"greeting": "Hello {{ person.first_name }}"}',
      }).expect(200);

      expect(received).toHaveLength(1);
      expect(received[0]).toMatchObject({
        method: 'POST',
        url: `/hooks/${person.id}?name=Ada`,
        body: '{"greeting": "Hello Ada"}',
      });
      expect(received[0]?.headers).toMatchObject({
        'content-type': 'application/json',
        'x-person': 'ada@example.com',
      });
      expect(response.body).toMatchObject({
        request: {
          url: `${receiverUrl}/hooks/${person.id}?name=Ada`,
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-person': 'ada@example.com' },
          body: '{"greeting": "Hello Ada"}',
        },
        response: { status_code: 200, body: '{"ok":true}', truncated: false },
        error: null,
      });
      expect(response.body.response.headers['x-receiver']).toBe('yes');
    });

    it("renders the organisation's saved tokens in the payload", async () => {
      await t.sql(
        `INSERT INTO campaign.email_tokens (organisation_id, name, code) VALUES ($1, 'shout', '{{ person.first_name | upcase }}')`,
        [admin.organisation.id],
      );
      const response = await preview({
        url: `${receiverUrl}/t`,
        headers: { 'content-type': 'text/plain' },
        payload: 'Hi {{ tokens.shout }}',
      }).expect(200);
      expect(received[0]?.body).toBe('Hi ADA');
      expect(response.body.request.body).toBe('Hi ADA');
    });

    it('JSON-escapes contact values in a JSON payload, without HTML-escaping them', async () => {
      const created = await t.call(personCreateContract, { email: 'quote@example.com' }, admin).expect(200);
      const id = created.body.person_id as string;
      const hostile = '<b>"Bob"</b> \\ \t x';
      await t
        .call(personUpdateContract, { person_id: id, default_fields: { first_name: hostile } }, admin)
        .expect(200);
      const response = await preview({
        person_ids: [{ id, email: 'quote@example.com', org_id: null, product_user_id: null }],
        url: `${receiverUrl}/json`,
        headers: { 'content-type': 'application/json' },
        payload: '{"name": "{{ person.first_name }}", "email": {{ person.email | json }}}',
      }).expect(200);
      expect(response.body.error).toBeNull();
      expect(JSON.parse(received[0]?.body ?? '')).toEqual({ name: hostile, email: 'quote@example.com' });
    });

    it('reports a placeholder that cannot be rendered and sends nothing', async () => {
      const response = await preview({
        url: `${receiverUrl}/x`,
        headers: { 'content-type': 'text/plain' },
        payload: '{{ person.first_name | no_such_filter }}',
      }).expect(200);
      expect(response.body).toMatchObject({ response: null, error: { reason: 'render' } });
      expect(response.body.error.message).toMatch(/^Payload: /);
      expect(received).toHaveLength(0);
    });

    it('reports a header value that renders to what HTTP cannot carry, and sends nothing', async () => {
      const created = await t.call(personCreateContract, { email: 'lukasz@example.com' }, admin).expect(200);
      const id = created.body.person_id as string;
      await t
        .call(personUpdateContract, { person_id: id, default_fields: { first_name: 'Łukasz' } }, admin)
        .expect(200);
      const response = await preview({
        person_ids: [{ id, email: 'lukasz@example.com', org_id: null, product_user_id: null }],
        url: `${receiverUrl}/x`,
        headers: { 'content-type': 'text/plain', 'x-name': '{{ person.first_name }}' },
        payload: 'hi',
      }).expect(200);
      expect(response.body).toMatchObject({ response: null, error: { reason: 'render' } });
      expect(response.body.error.message).toMatch(/^Header x-name: /);
      expect(received).toHaveLength(0);
      // Written into the header as it is, the same value is refused with the save rules.
      const typed = await preview({
        url: `${receiverUrl}/x`,
        headers: { 'content-type': 'text/plain', 'x-price': '5 €', 'x-bell': 'a\u0007b' },
        payload: 'hi',
      }).expect(400);
      expect(typed.body.fields).toEqual({
        'headers.x-price': ['Invalid header value'],
        'headers.x-bell': ['Invalid header value'],
      });
    });

    it('sends a GET without a body and reports the status it got', async () => {
      const response = await preview({
        method: 'GET',
        url: `${receiverUrl}/missing`,
        headers: {},
        payload: null,
      }).expect(200);
      expect(received[0]).toMatchObject({ method: 'GET', body: '' });
      expect(response.body.response.status_code).toBe(404);
    });

    it.each([
      ['loopback', () => `${internalUrl}/`],
      ['loopback spelled in decimal', () => `http://2130706433:${new URL(internalUrl).port}/`],
      ['the cloud metadata address', () => 'http://169.254.169.254/latest/meta-data/'],
      ['a private address', () => 'http://10.0.0.1/'],
    ])('refuses %s with a clear message, without connecting', async (_what, url) => {
      const response = await preview({ url: url(), payload: null }).expect(200);
      expect(response.body).toMatchObject({
        response: null,
        error: { reason: 'refused', message: 'Requests to internal addresses are not allowed' },
      });
      expect(internalConnections).toBe(0);
    });

    it('reports a timeout', async () => {
      const response = await preview({ url: `${receiverUrl}/slow`, payload: null, timeout: 1 }).expect(200);
      expect(response.body.error).toEqual({
        reason: 'timeout',
        message: 'The request timed out after 1 second',
      });
    });

    it('validates the request with the save rules', async () => {
      const noType = await preview({ url: `${receiverUrl}/x`, headers: {}, payload: '{}' }).expect(400);
      expect(noType.body.fields).toEqual({ 'headers.content-type': [webhookMessages.contentTypeRequired] });
      const badUrl = await preview({ url: 'nope', payload: null }).expect(400);
      expect(badUrl.body.fields).toEqual({ url: [webhookMessages.invalidUrl] });
      const nobody = await preview({ url: `${receiverUrl}/x`, payload: null, person_ids: [] }).expect(400);
      expect(nobody.body.fields).toEqual({ person_ids: [webhookMessages.personRequired] });
      expect(received).toHaveLength(0);
    });

    it("answers 404 for another organisation's person and sends nothing", async () => {
      await preview({ url: `${receiverUrl}/x`, payload: null }, stranger).expect(404);
      expect(received).toHaveLength(0);
    });
  });
});
