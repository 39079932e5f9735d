import { contactFileUploadContract, templatesListContract } from '@meridian/contracts';
import { OrganisationGate } from '@meridian/server-kit';
import type { SignedIn } from '@meridian/testing';
import { request as httpRequest, type ClientRequest } from 'node:http';
import { type CampaignTestApp, startCampaignTestApp } from './support/campaign-test-app';

/**
 * One organisation's burst cannot take the service from the others: with one request of an
 * organisation worked on at a time and one more allowed to wait, an upload that is still
 * arriving holds its organisation's turn, the next request waits, the one after is refused,
 * and another organisation is served at once.
 */
describe('requests of one organisation at once', () => {
  let t: CampaignTestApp;
  let port: number;
  let busy: SignedIn;
  let other: SignedIn;

  beforeAll(async () => {
    t = await startCampaignTestApp({
      REQUESTS_PER_ORGANISATION: '1',
      REQUESTS_WAITING_PER_ORGANISATION: '1',
    });
    await t.app.listen(0, '127.0.0.1');
    const address = t.app.getHttpServer().address();
    port = typeof address === 'object' && address ? address.port : 0;
    [busy, other] = await Promise.all([t.platform.newOrganisation(), t.platform.newOrganisation()]);
  });

  const open: ClientRequest[] = [];

  afterAll(async () => {
    // An upload left half-sent by a failed case would hold the server's close.
    for (const request of open) request.destroy();
    await t?.close();
  });

  /** A multipart upload whose file part has begun and not ended: the handler reads it after the gate. */
  function slowUpload(who: SignedIn): { request: ClientRequest; answer: Promise<number> } {
    const boundary = 'meridian-gate-test';
    const request = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: contactFileUploadContract.fullPath,
      headers: {
        authorization: `Bearer ${who.bearer}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'transfer-encoding': 'chunked',
      },
    });
    const answer = new Promise<number>((resolve, reject) => {
      request.on('response', (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      });
      request.on('error', reject);
    });
    open.push(request);
    request.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="contacts.csv"\r\n` +
        'Content-Type: text/csv\r\n\r\nemail\r\nfirst@example.com\r\n',
    );
    return {
      request: Object.assign(request, {
        finish: () => request.end(`second@example.com\r\n--${boundary}--\r\n`),
      }),
      answer,
    };
  }

  const until = async (check: () => boolean) => {
    while (!check()) await new Promise((resolve) => setTimeout(resolve, 20));
  };

  it('makes the organisation wait its turn, refuses past the bound, and serves the others meanwhile', async () => {
    const gate = t.app.get(OrganisationGate);
    const upload = slowUpload(busy);
    await until(() => gate.load(busy.organisation.id).active === 1);

    let waitedAnswer: number | null = null;
    const waited = t
      .call(templatesListContract, {}, busy)
      .then((response) => (waitedAnswer = response.status));
    await until(() => gate.load(busy.organisation.id).waiting === 1);

    const refused = await t.call(templatesListContract, {}, busy);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      status_code: 429,
      code: 'TooManyRequestsException',
      description: 'Too many requests. Please try again later',
      fields: {},
    });

    await t.call(templatesListContract, {}, other).expect(200);
    expect(waitedAnswer).toBeNull();

    (upload.request as ClientRequest & { finish: () => void }).finish();
    expect(await upload.answer).toBe(200);
    await waited;
    expect(waitedAnswer).toBe(200);
    await until(() => gate.load(busy.organisation.id).active === 0);
  });

  it('gives the turn of a client that went away while waiting to nobody', async () => {
    const gate = t.app.get(OrganisationGate);
    const upload = slowUpload(busy);
    await until(() => gate.load(busy.organisation.id).active === 1);
    const gone = slowUpload(busy);
    await until(() => gate.load(busy.organisation.id).waiting === 1);
    gone.request.destroy();
    await gone.answer.catch(() => undefined);
    await until(() => gate.load(busy.organisation.id).waiting === 0);
    expect(gate.load(busy.organisation.id).active).toBe(1);

    (upload.request as ClientRequest & { finish: () => void }).finish();
    expect(await upload.answer).toBe(200);
    await until(() => gate.load(busy.organisation.id).active === 0);
    await t.call(templatesListContract, {}, busy).expect(200);
  });
});
