import {
  campaignCreateContract,
  contactFileUploadContract,
  healthContracts,
  templateCreateContract,
  templateGetContract,
} from '@meridian/contracts';
import { connect } from 'node:net';
import { endpointsOf, probeEndpoints, type SignedIn } from '@meridian/testing';
import { type CampaignTestApp, startCampaignTestApp } from './support/campaign-test-app';

// Every endpoint libs/contracts declares for the campaign and auth services gets
// client input the services cannot use (NUL bytes, bad JSON, a wrong content type,
// a multipart body with the wrong boundary, more than 10 MB): never a 5xx, always
// the one error body with the right status.
describe('HTTP probe: hostile client input on every endpoint', () => {
  let t: CampaignTestApp;
  let campaignUrl: string;
  let admin: SignedIn;

  beforeAll(async () => {
    t = await startCampaignTestApp();
    await t.app.listen(0, '127.0.0.1');
    const address = t.app.getHttpServer().address();
    campaignUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    admin = await t.platform.newOrganisation();
  });

  afterAll(async () => {
    await t?.close();
  });

  it('finds the endpoints of both services in the contracts', () => {
    expect(endpointsOf('campaign').length).toBeGreaterThan(50);
    expect(endpointsOf('auth').length).toBeGreaterThan(20);
  });

  it('campaign service: every probe on every endpoint is refused in the error body', async () => {
    expect(await probeEndpoints(campaignUrl, endpointsOf('campaign'))).toEqual([]);
  }, 300_000);

  it('auth service (its real process): every probe on every endpoint is refused in the error body', async () => {
    expect(await probeEndpoints(t.platform.authServiceUrl, endpointsOf('auth'))).toEqual([]);
  }, 300_000);

  it('refuses a NUL in an otherwise valid request of a signed-in user, naming the field, and stores nothing', async () => {
    const refused = await t.call(
      templateCreateContract,
      { name: 'Spring\u0000sale', template_type: 'visual' },
      admin,
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      status_code: 400,
      code: 'ValidationException',
      fields: { name: ['name must not contain a NUL character'] },
    });
    const rows = await t.sql(`SELECT 1 FROM campaign.email_templates WHERE name LIKE 'Spring%'`);
    expect(rows).toHaveLength(0);

    const created = await t
      .call(templateCreateContract, { name: 'Spring sale', template_type: 'visual' }, admin)
      .expect(200);
    const id = (created.body as { template: { template_id: string } }).template.template_id;
    const nested = await t.call(templateGetContract, { template_id: `${id}\u0000` }, admin);
    expect(nested.status).toBe(400);
    expect(nested.body.fields).toEqual({ template_id: ['template_id must not contain a NUL character'] });

    // A NUL deeper than 64 levels of a template's design: the check stopped looking there, and
    // jsonb refused the insert (a 500).
    let design: Record<string, unknown> = { note: 'deep\u0000down' };
    for (let i = 0; i < 70; i++) design = { rows: design };
    const deep = await t.call(
      templateCreateContract,
      { name: 'Spring deep', template_type: 'visual', content_json: design },
      admin,
    );
    expect(deep.status).toBe(400);
    const deepField = `content_json.${Array(70).fill('rows').join('.')}.note`;
    expect(deep.body.fields).toEqual({ [deepField]: [`${deepField} must not contain a NUL character`] });
    expect(await t.sql(`SELECT 1 FROM campaign.email_templates WHERE name LIKE 'Spring deep%'`)).toHaveLength(
      0,
    );

    // Half of a surrogate pair: the name went into the campaign's event payload, which jsonb refused (a 500).
    const half = await t.call(
      campaignCreateContract,
      { name: 'Spring \ud800', campaign_context: 'person' },
      admin,
    );
    expect(half.status).toBe(400);
    expect(half.body.fields).toEqual({
      name: ['name must be valid Unicode text (half of a surrogate pair found)'],
    });
    expect(await t.sql(`SELECT 1 FROM campaign.campaigns WHERE name LIKE 'Spring%'`)).toHaveLength(0);
  });

  it("answers a request Node's parser refuses in the error body, then closes", async () => {
    const exchange = (bytes: string) =>
      new Promise<string>((resolve) => {
        let data = '';
        const { port } = new URL(campaignUrl);
        const socket = connect(Number(port), '127.0.0.1', () => socket.write(bytes));
        socket.on('data', (chunk) => (data += String(chunk)));
        socket.on('error', () => undefined);
        socket.on('close', () => resolve(data));
      });
    for (const [bytes, status, code] of [
      ['GARBAGE / HTTP/1.1\r\nhost: x\r\n\r\n', 400, 'BadRequestException'],
      ['GET / HTTP/1.1\r\nhost: x\r\ncontent-length: abc\r\n\r\n', 400, 'BadRequestException'],
      [
        `GET / HTTP/1.1\r\nhost: x\r\nx-big: ${'b'.repeat(20_000)}\r\n\r\n`,
        431,
        'RequestHeaderFieldsTooLargeException',
      ],
    ] as const) {
      const answer = await exchange(bytes);
      expect(answer.startsWith(`HTTP/1.1 ${status} `)).toBe(true);
      expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({
        status_code: status,
        code,
        fields: {},
      });
    }
  });

  it('sends the security headers on every API answer, refusals included', async () => {
    for (const [path, init] of [
      [healthContracts.campaign.fullPath, { method: 'GET' }],
      [
        templateCreateContract.fullPath,
        { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' },
      ],
    ] as const) {
      const response = await fetch(`${campaignUrl}${path}`, init);
      expect(response.headers.get('content-security-policy')).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('referrer-policy')).toBe('same-origin');
    }
  });

  it('refuses a NUL in a multipart field or file name of an upload', async () => {
    const response = await t
      .http()
      .post(contactFileUploadContract.fullPath)
      .set('Authorization', `Bearer ${admin.bearer}`)
      .attach('file', Buffer.from('email\nx@example.com\n'), 'contacts\u0000.csv');
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      status_code: 400,
      fields: { filename: ['filename must not contain a NUL character'] },
    });
  });
});
