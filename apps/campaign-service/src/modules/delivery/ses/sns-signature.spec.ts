import { createSign, generateKeyPairSync } from 'node:crypto';
import type { SnsMessage } from '@meridian/contracts';
import { snsSignatureValid, snsStringToSign, snsUrlAllowed } from './sns-signature';

const base: SnsMessage = {
  Type: 'Notification',
  MessageId: 'm-1',
  TopicArn: 'arn:aws:sns:eu-west-1:123:ses',
  Message: '{"notificationType":"Delivery"}',
  Timestamp: '2026-11-26T10:00:00.000Z',
  SignatureVersion: '2',
  Signature: '',
  SigningCertURL: 'https://sns.eu-west-1.amazonaws.com/cert.pem',
};

describe('SNS signatures', () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const sign = (message: SnsMessage, algorithm: string) =>
    createSign(algorithm).update(snsStringToSign(message)).sign(privateKey, 'base64');

  it('builds the string to sign in SNS field order, leaving out a missing Subject', () => {
    expect(snsStringToSign(base)).toBe(
      'Message\n{"notificationType":"Delivery"}\nMessageId\nm-1\nTimestamp\n2026-11-26T10:00:00.000Z\n' +
        'TopicArn\narn:aws:sns:eu-west-1:123:ses\nType\nNotification\n',
    );
    expect(
      snsStringToSign({ ...base, Type: 'SubscriptionConfirmation', Token: 't', SubscribeURL: 'https://x' }),
    ).toBe(
      'Message\n{"notificationType":"Delivery"}\nMessageId\nm-1\nSubscribeURL\nhttps://x\n' +
        'Timestamp\n2026-11-26T10:00:00.000Z\nToken\nt\nTopicArn\narn:aws:sns:eu-west-1:123:ses\nType\nSubscriptionConfirmation\n',
    );
  });

  it('accepts version 2 (SHA256) and version 1 (SHA1) signatures and refuses a tampered message', () => {
    const v2 = { ...base, Signature: sign(base, 'RSA-SHA256') };
    expect(snsSignatureValid(v2, pem)).toBe(true);
    const v1base = { ...base, SignatureVersion: '1' as const };
    expect(snsSignatureValid({ ...v1base, Signature: sign(v1base, 'RSA-SHA1') }, pem)).toBe(true);
    expect(snsSignatureValid({ ...v2, Message: '{"notificationType":"Bounce"}' }, pem)).toBe(false);
    expect(snsSignatureValid({ ...v2, SignatureVersion: '1' }, pem)).toBe(false);
    expect(snsSignatureValid({ ...v2, Signature: 'not base64 at all' }, pem)).toBe(false);
  });

  it('allows certificate URLs only over https on an SNS host', () => {
    expect(
      snsUrlAllowed('https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-x.pem', 'amazonaws.com'),
    ).toBe(true);
    expect(snsUrlAllowed('http://sns.eu-west-1.amazonaws.com/x.pem', 'amazonaws.com')).toBe(false);
    expect(snsUrlAllowed('https://evil.test/sns.eu-west-1.amazonaws.com.pem', 'amazonaws.com')).toBe(false);
    expect(snsUrlAllowed('https://sns.eu-west-1.amazonaws.com.evil.test/x.pem', 'amazonaws.com')).toBe(false);
    expect(snsUrlAllowed('https://s3.amazonaws.com/bucket/x.pem', 'amazonaws.com')).toBe(false);
    expect(snsUrlAllowed('https://user:pw@sns.eu-west-1.amazonaws.com/x.pem', 'amazonaws.com')).toBe(false);
    expect(snsUrlAllowed('https://localhost:8443/x.pem', 'localhost')).toBe(true);
    expect(snsUrlAllowed('not a url', 'amazonaws.com')).toBe(false);
  });
});
