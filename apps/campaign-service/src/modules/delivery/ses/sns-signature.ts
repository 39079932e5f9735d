import { createVerify } from 'node:crypto';
import type { SnsMessage } from '@meridian/contracts';

const NOTIFICATION_KEYS = ['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type'] as const;
const SUBSCRIPTION_KEYS = [
  'Message',
  'MessageId',
  'SubscribeURL',
  'Timestamp',
  'Token',
  'TopicArn',
  'Type',
] as const;

/**
 * The text SNS signs: the message's fields in a fixed order, each as `name\nvalue\n`; a
 * Notification without a Subject leaves it out.
 */
export function snsStringToSign(message: SnsMessage): string {
  const keys = message.Type === 'Notification' ? NOTIFICATION_KEYS : SUBSCRIPTION_KEYS;
  let text = '';
  for (const key of keys) {
    const value = message[key];
    if (value === undefined) continue;
    text += `${key}\n${value}\n`;
  }
  return text;
}

/** SignatureVersion 1 is SHA1withRSA, 2 is SHA256withRSA, over the string to sign. */
export function snsSignatureValid(message: SnsMessage, certificatePem: string): boolean {
  try {
    const verifier = createVerify(message.SignatureVersion === '2' ? 'RSA-SHA256' : 'RSA-SHA1');
    verifier.update(snsStringToSign(message), 'utf8');
    return verifier.verify(certificatePem, message.Signature, 'base64');
  } catch {
    return false;
  }
}

/**
 * Whether a certificate (or subscribe) URL may be fetched: https, no credentials, on the SNS host
 * suffix (amazonaws.com unless configured for a test), and for Amazon's domain an `sns.` host.
 */
export function snsUrlAllowed(url: string, hostSuffix: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' || parsed.username || parsed.password) return false;
  const host = parsed.hostname.toLowerCase();
  const suffix = hostSuffix.toLowerCase().replace(/^\.+/, '');
  if (host !== suffix && !host.endsWith(`.${suffix}`)) return false;
  return suffix !== 'amazonaws.com' || /^sns\.[a-z0-9-]+\.amazonaws\.com$/.test(host);
}
