import {
  type Endpoint,
  webhookCreateContract,
  webhookDeleteContract,
  webhookGetContract,
  webhookListAllContract,
  webhookListContract,
  webhookMessages,
  webhookNameUpdateContract,
  webhookUpdateContract,
} from '@meridian/contracts';
import type { SignedIn } from '@meridian/testing';
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
    t = await startCampaignTestApp();
    admin = await t.platform.newOrganisation();
    stranger = await t.platform.newOrganisation();
  });

  afterAll(async () => {
    await t?.close();
  });

  beforeEach(async () => {
    await t.sql('TRUNCATE campaign.webhooks');
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
      created_by: { id: admin.account.id, name: admin.email },
      updated_by: { id: admin.account.id, name: admin.email },
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
});
