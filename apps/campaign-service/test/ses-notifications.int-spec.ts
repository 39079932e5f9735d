import { createSign } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { emailEvents, sesNotificationContract, type SnsMessage } from '@meridian/contracts';
import { generateKeyAndCertificate, type SignedIn } from '@meridian/testing';
import {
  CAMPAIGN_MAILER,
  type CampaignMailer,
  type SendScope,
} from '../src/modules/campaigns/journey/campaign-mailer.port';
import { snsStringToSign } from '../src/modules/delivery/ses/sns-signature';
import { type CampaignTestApp, startCampaignTestApp } from './support/campaign-test-app';

async function listen(server: HttpServer | HttpsServer): Promise<number> {
  // Both stacks, whichever address `localhost` resolves to here; IPv4 alone where IPv6 is off.
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '::', () => resolve());
  }).catch(() => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve())));
  return (server.address() as AddressInfo).port;
}

describe('SesWebhookController', () => {
  let t: CampaignTestApp;
  let mailer: CampaignMailer;
  let admin: SignedIn;
  let dir: string;
  let tls: { key: string; cert: string; certFile: string };
  let certServer: HttpsServer;
  let ses: HttpServer;
  let certUrl: string;
  let confirmUrl: string;
  const confirmations: string[] = [];
  let sesIds = 0;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sns-test-'));
    const made = generateKeyAndCertificate('localhost', 'localhost');
    const certFile = join(dir, 'cert.pem');
    writeFileSync(certFile, made.certificate);
    tls = { key: made.privateKey, cert: made.certificate, certFile };
    // Serves the signing certificate and the subscription confirmation, as SNS does, over https.
    certServer = createHttpsServer({ key: tls.key, cert: tls.cert }, (request, response) => {
      if (request.url === '/cert.pem') return response.end(tls.cert);
      confirmations.push(request.url ?? '');
      response.end('<ConfirmSubscriptionResponse/>');
    });
    const port = await listen(certServer);
    certUrl = `https://localhost:${port}/cert.pem`;
    confirmUrl = `https://localhost:${port}/confirm?Token=abc`;
    // Stands in for the SES API: accepts every mail with a fresh id.
    ses = createHttpServer((request, response) => {
      request.resume();
      request.on('end', () => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ MessageId: `ses-${++sesIds}` }));
      });
    });
    const sesPort = await listen(ses);
    writeFileSync(join(dir, 'unused'), '');
    t = await startCampaignTestApp({
      MAIL_TRANSPORT: 'ses',
      SES_REGION: 'eu-west-1',
      SES_ENDPOINT: `http://127.0.0.1:${sesPort}`,
      SES_ACCESS_KEY_ID: 'AKIDTEST',
      SES_SECRET_ACCESS_KEY: 'test-secret',
      SNS_CERT_HOST_SUFFIX: 'localhost',
      SNS_EXTRA_CA_FILE: tls.certFile,
      OUTBOUND_ALLOWED_HOSTS: 'localhost',
    });
    mailer = t.app.get<CampaignMailer>(CAMPAIGN_MAILER);
    admin = await t.platform.newOrganisation();
  });

  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => certServer?.close(resolve));
    await new Promise((resolve) => ses?.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  function signed(
    fields: Omit<SnsMessage, 'Signature' | 'SignatureVersion' | 'SigningCertURL'>,
    version: '1' | '2' = '2',
  ) {
    const message: SnsMessage = {
      ...fields,
      SignatureVersion: version,
      SigningCertURL: certUrl,
      Signature: '',
    };
    message.Signature = createSign(version === '2' ? 'RSA-SHA256' : 'RSA-SHA1')
      .update(snsStringToSign(message))
      .sign(tls.key, 'base64');
    return message;
  }

  const notification = (event: object, version: '1' | '2' = '2') =>
    signed(
      {
        Type: 'Notification',
        MessageId: `sns-${Math.random()}`,
        TopicArn: 'arn:aws:sns:eu-west-1:123456789012:ses-events',
        Message: JSON.stringify(event),
        Timestamp: new Date().toISOString(),
      },
      version,
    );

  // SNS posts JSON with a text/plain content type.
  const post = (message: object) =>
    t
      .http()
      .post(sesNotificationContract.fullPath)
      .set('content-type', 'text/plain; charset=UTF-8')
      .send(JSON.stringify(message));

  async function sendTo(emails: string[]) {
    const [campaign] = await t.sql<{ id: string }>(
      `INSERT INTO campaign.campaigns (organisation_id, name, campaign_context) VALUES ($1, 'SES', 'person') RETURNING id`,
      [admin.organisation.id],
    );
    const [run] = await t.sql<{ id: string }>(
      `INSERT INTO campaign.campaign_runs (organisation_id, campaign_id, campaign_version, run_type, slot_time)
       VALUES ($1, $2, 1, 'at_once', now()) RETURNING id`,
      [admin.organisation.id, campaign!.id],
    );
    const [template] = await t.sql<{ id: string }>(
      `INSERT INTO campaign.email_templates (organisation_id, name, template_type, subject, content, from_email)
       VALUES ($1, 'SES mail', 'advanced', 'Hi', '<p>Hi</p>', '{"email":"news@acme.test"}') RETURNING id`,
      [admin.organisation.id],
    );
    const persons = [];
    for (const email of emails) {
      const [row] = await t.sql<{ id: string }>(
        `INSERT INTO campaign.persons (organisation_id, email) VALUES ($1, $2) RETURNING id`,
        [admin.organisation.id, email],
      );
      persons.push({ id: row!.id, email, unsubscribed: false, variables: {}, orgId: null });
    }
    const scope: SendScope = {
      organisationId: admin.organisation.id,
      campaign: { id: campaign!.id, name: 'SES', context: 'person' },
      runId: run!.id,
      actionId: 'send',
    };
    const outcomes = await mailer.sendCampaignEmails(scope, { template_id: template!.id }, persons);
    expect(outcomes).toEqual(emails.map(() => expect.objectContaining({ status: 'sent' })));
    return {
      scope,
      rows: await t.sql<{
        person_id: string;
        email: string;
        provider_message_id: string;
        message_id: string;
      }>(
        `SELECT person_id, email, provider_message_id, message_id FROM campaign.email_messages WHERE run_id = $1 ORDER BY email`,
        [run!.id],
      ),
    };
  }

  const eventNames = async (runId: string) =>
    (
      await t.sql<{ name: string }>(
        `SELECT name FROM campaign.outbox WHERE payload->>'run_id' = $1 ORDER BY seq`,
        [runId],
      )
    ).map((e) => e.name);

  it('marks SES messages delivered, bounced and complained from signed notifications, once each', async () => {
    const { scope, rows } = await sendTo(['ann@ses.test', 'bob@ses.test', 'cat@ses.test']);
    const [ann, bob, cat] = rows as [(typeof rows)[0], (typeof rows)[0], (typeof rows)[0]];
    expect(ann.provider_message_id).toMatch(/^ses-\d+$/);
    // SES accepted them; delivery comes from SNS.
    expect(await eventNames(scope.runId)).not.toContain(emailEvents.emailDelivered.name);

    const delivery = notification({
      notificationType: 'Delivery',
      mail: { messageId: ann.provider_message_id },
      delivery: {},
    });
    await post(delivery).expect(200, { success: true });
    await post(delivery).expect(200);
    // By our Message-ID header too, with the version 1 signature.
    await post(
      notification(
        {
          eventType: 'Bounce',
          mail: { messageId: 'unknown-to-us', headers: [{ name: 'Message-ID', value: bob.message_id }] },
          bounce: {
            bounceType: 'Permanent',
            bouncedRecipients: [
              { emailAddress: 'Bob@ses.test', diagnosticCode: 'smtp; 550 5.1.1 user unknown' },
            ],
          },
        },
        '1',
      ),
    ).expect(200);
    await post(
      notification({
        notificationType: 'Complaint',
        mail: { messageId: cat.provider_message_id },
        complaint: {
          complainedRecipients: [{ emailAddress: 'cat@ses.test' }],
          complaintFeedbackType: 'abuse',
        },
      }),
    ).expect(200);

    const events = await eventNames(scope.runId);
    expect(events.filter((n) => n === emailEvents.emailDelivered.name)).toHaveLength(1);
    expect(events.filter((n) => n === emailEvents.emailBounced.name)).toHaveLength(1);
    expect(events.filter((n) => n === emailEvents.emailSpam.name)).toHaveLength(1);
    const marks = await t.sql(
      `SELECT email, delivered_at IS NOT NULL AS delivered, bounced_at IS NOT NULL AS bounced, complained_at IS NOT NULL AS complained
         FROM campaign.email_messages WHERE run_id = $1 ORDER BY email`,
      [scope.runId],
    );
    expect(marks).toEqual([
      { email: 'ann@ses.test', delivered: true, bounced: false, complained: false },
      { email: 'bob@ses.test', delivered: false, bounced: true, complained: false },
      { email: 'cat@ses.test', delivered: false, bounced: false, complained: true },
    ]);
    const suppressed = await t.sql(
      `SELECT email, reason FROM campaign.suppressions WHERE organisation_id = $1 ORDER BY email`,
      [admin.organisation.id],
    );
    expect(suppressed).toEqual([
      { email: 'bob@ses.test', reason: 'bounce' },
      { email: 'cat@ses.test', reason: 'complaint' },
    ]);
    const [counts] = await t.sql(
      `SELECT count_delivered, count_bounced FROM campaign.campaigns WHERE id = $1`,
      [scope.campaign.id],
    );
    expect(counts).toEqual({ count_delivered: 1, count_bounced: 1 });
  });

  it('refuses a tampered message and a certificate from a host that is not SNS, changing nothing', async () => {
    const { scope, rows } = await sendTo(['dan@ses.test']);
    const good = notification({
      notificationType: 'Delivery',
      mail: { messageId: rows[0]!.provider_message_id },
    });
    const tampered = { ...good, Message: good.Message.replace('Delivery', 'Bounce') };
    const forged = await post(tampered).expect(403);
    expect(forged.body).toMatchObject({ code: 'InvalidSignatureException' });
    await post({ ...good, SigningCertURL: 'https://evil.test/cert.pem' }).expect(403);
    await post({ ...good, SigningCertURL: certUrl.replace('https:', 'http:') }).expect(403);
    expect(await eventNames(scope.runId)).not.toContain(emailEvents.emailDelivered.name);
    await post({ Type: 'Notification' }).expect(400);
    const garbled = await t
      .http()
      .post(sesNotificationContract.fullPath)
      .set('content-type', 'text/plain')
      .send('not json')
      .expect(400);
    expect(garbled.body).toMatchObject({
      code: 'BadRequestException',
      description: 'The request body is not valid JSON',
    });
    // Plain text stays refused everywhere else.
    await t
      .http()
      .post('/api/campaign/v1/person.list')
      .set('content-type', 'text/plain')
      .send('{}')
      .expect(415);
  });

  it('confirms a signed subscription by visiting its SubscribeURL', async () => {
    await post(
      signed({
        Type: 'SubscriptionConfirmation',
        MessageId: 'sub-1',
        Token: 'abc',
        TopicArn: 'arn:aws:sns:eu-west-1:123456789012:ses-events',
        Message: 'You have chosen to subscribe to the topic.',
        SubscribeURL: confirmUrl,
        Timestamp: new Date().toISOString(),
      }),
    ).expect(200);
    expect(confirmations).toEqual(['/confirm?Token=abc']);
  });
});
