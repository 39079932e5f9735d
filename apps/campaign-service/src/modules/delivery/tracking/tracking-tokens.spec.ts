import { randomBytes, randomUUID } from 'node:crypto';
import { signTrackingToken, trackingKeyObject, trackingUrls, verifyTrackingToken } from './tracking-tokens';

describe('tracking tokens', () => {
  const key = randomBytes(32);
  const messageId = randomUUID();

  it('round-trips open, click and unsubscribe targets', () => {
    for (const target of [
      { kind: 'open' as const, messageId },
      { kind: 'unsubscribe' as const, messageId },
      { kind: 'click' as const, messageId, link: 0 },
      { kind: 'click' as const, messageId, link: 1234 },
    ]) {
      expect(verifyTrackingToken(key, signTrackingToken(key, target))).toEqual(target);
      // The service verifies with a KeyObject of the same key: links already mailed stay valid.
      expect(verifyTrackingToken(trackingKeyObject(key), signTrackingToken(key, target))).toEqual(target);
    }
    expect(
      verifyTrackingToken(
        trackingKeyObject(randomBytes(32)),
        signTrackingToken(key, { kind: 'open', messageId }),
      ),
    ).toBeNull();
  });

  it('refuses a token signed with another key, a changed link index or kind, and junk', () => {
    const token = signTrackingToken(key, { kind: 'click', messageId, link: 3 });
    expect(verifyTrackingToken(randomBytes(32), token)).toBeNull();
    const [body = '', sig = ''] = token.split('.');
    expect(verifyTrackingToken(key, `${body.slice(0, -1)}4.${sig}`)).toBeNull();
    expect(verifyTrackingToken(key, `o${body.slice(1, 33)}.${sig}`)).toBeNull();
    for (const junk of ['', '.', 'x'.repeat(500), `${body}.`, `${body}.${sig}x`, '../../etc/passwd'])
      expect(verifyTrackingToken(key, junk)).toBeNull();
  });

  it('builds absolute URLs under the campaign prefix', () => {
    const urls = trackingUrls(key, 'https://mail.example.com/');
    expect(urls.open(messageId)).toMatch(
      /^https:\/\/mail\.example\.com\/api\/campaign\/v1\/t\/o\/o[0-9a-f]{32}\./,
    );
    expect(urls.click(messageId, 2)).toMatch(/\/t\/c\/c[0-9a-f]{32}2\./);
  });
});
