import { SERVICE_PREFIX } from '@meridian/contracts';
import { type SignedIn } from '@meridian/testing';
import { UnsubscribeLinks } from '../src/modules/assets/personalisation/unsubscribe-links';
import { TrackingBuffer } from '../src/modules/delivery/tracking/tracking-buffer.service';
import { type CampaignTestApp, startCampaignTestApp } from './support/campaign-test-app';
import { sentMessage, trackingPath } from './support/tracking-messages';

/** A link's token is the key to a recipient's opens, clicks and unsubscribe: never in a log line. */
describe('request log', () => {
  const logs: string[] = [];
  let t: CampaignTestApp;
  let admin: SignedIn;

  beforeAll(async () => {
    t = await startCampaignTestApp({}, { logs });
    admin = await t.platform.newOrganisation();
  });

  afterAll(async () => {
    await t?.close();
  });

  const lastSegment = (path: string) => path.slice(path.lastIndexOf('/') + 1);

  it('names the token of a tracking or unsubscribe link instead of writing it', async () => {
    const sent = await sentMessage(t, admin.organisation.id);
    const open = await trackingPath(t, { kind: 'open', messageId: sent.messageId });
    const click = await trackingPath(t, { kind: 'click', messageId: sent.messageId, link: 0 });
    const unsubscribe = await trackingPath(t, { kind: 'unsubscribe', messageId: sent.messageId });
    const optOut = await t.app.get(UnsubscribeLinks).linkFor(admin.organisation.id, sent.personId);
    const optOutPath = new URL(optOut).pathname;

    await t.http().get(open).expect(200); // the fast path
    await t.http().head(open).expect(200); // the framework's route
    await t.http().get(click).expect(302);
    await t.http().get(unsubscribe).expect(200);
    await t.http().get(optOutPath).expect(200);
    // Refused by the error handler: a valid token on a link the message does not have.
    const badClick = await trackingPath(t, { kind: 'click', messageId: sent.messageId, link: 9 });
    await t.http().get(badClick).expect(404);
    await t.app.get(TrackingBuffer).flush();

    const written = logs.join('\n');
    for (const path of [open, click, unsubscribe, optOutPath, badClick])
      expect(written).not.toContain(lastSegment(path));
    // The lines are there, with the route's name for the token.
    expect(written).toContain(`"url":"${SERVICE_PREFIX.campaign}/t/o/:token"`);
    expect(written).toContain(`"url":"${SERVICE_PREFIX.campaign}/t/c/:token","status":302`);
    expect(written).toContain(`"url":"${SERVICE_PREFIX.campaign}/unsubscribe/:token","status":200`);
    expect(written).toMatch(/"code":"[A-Za-z]+","status":404,"url":"\/api\/campaign\/v1\/t\/c\/:token"/);
  });
});
