import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from 'node:crypto';
import { SERVICE_PREFIX } from '@meridian/contracts';

/**
 * Signed tokens of the tracking links in a campaign email. A token names one message (the
 * email_messages row id) and, for a click, the index of the link in that message's stored
 * links, so a click can only ever redirect to a URL the message really contained.
 *
 *   <kind><message uuid, 32 hex><link index, base 36, clicks only>.<signature>
 *
 * kind: 'o' open pixel, 'c' click, 'u' unsubscribe. The signature is a truncated
 * HMAC-SHA256 (base64url) over the part before the dot, under a 'tracking:' domain label, so
 * it can never be confused with another signed value made with the same key.
 */
export type TrackingKind = 'open' | 'click' | 'unsubscribe';

export interface TrackingTarget {
  kind: TrackingKind;
  messageId: string;
  /** Clicks only: the index in email_messages.links. */
  link?: number;
}

const KIND_CODE: Record<TrackingKind, string> = { open: 'o', click: 'c', unsubscribe: 'u' };
const CODE_KIND: Record<string, TrackingKind> = { o: 'open', c: 'click', u: 'unsubscribe' };
const BODY = /^([ocu])([0-9a-f]{32})([0-9a-z]{1,4})?$/;
const MAX_TOKEN = 80;

/** The raw key, or the KeyObject made from it once (`trackingKeyObject`): HMACs under it cost less. */
export type TrackingKey = Buffer | KeyObject;

export function trackingKeyObject(key: Buffer): KeyObject {
  return createSecretKey(key);
}

function signature(key: TrackingKey, body: string): string {
  return createHmac('sha256', key).update(`tracking:${body}`).digest().subarray(0, 16).toString('base64url');
}

export function signTrackingToken(key: Buffer, target: TrackingTarget): string {
  const hex = target.messageId.replace(/-/g, '').toLowerCase();
  if (!/^[0-9a-f]{32}$/.test(hex)) throw new Error('A tracking token names a message by its uuid');
  if ((target.kind === 'click') !== (target.link !== undefined))
    throw new Error('A click token, and only a click token, names a link');
  const link = target.link === undefined ? '' : target.link.toString(36);
  const body = `${KIND_CODE[target.kind]}${hex}${link}`;
  return `${body}.${signature(key, body)}`;
}

/** The token's target, or null for anything not signed by us (no detail for a prober). */
export function verifyTrackingToken(key: TrackingKey, token: string): TrackingTarget | null {
  if (typeof token !== 'string' || token.length > MAX_TOKEN) return null;
  const dot = token.indexOf('.');
  if (dot < 0) return null;
  const body = token.slice(0, dot);
  const match = BODY.exec(body);
  if (!match) return null;
  const expected = Buffer.from(signature(key, body));
  const given = Buffer.from(token.slice(dot + 1));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const [, code = '', hex = '', link] = match;
  const kind = CODE_KIND[code]!;
  if ((kind === 'click') !== (link !== undefined)) return null;
  const messageId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return link === undefined ? { kind, messageId } : { kind, messageId, link: parseInt(link, 36) };
}

/** Public tracking paths under the campaign service prefix; the token is the last segment. */
export const TRACKING_PATHS = {
  open: '/t/o/',
  click: '/t/c/',
  unsubscribe: '/t/u/',
} as const satisfies Record<TrackingKind, string>;

/** Builds the absolute tracking URLs of a message for the public base URL. */
export function trackingUrls(key: Buffer, publicBaseUrl: string) {
  const base = `${publicBaseUrl.replace(/\/+$/, '')}${SERVICE_PREFIX.campaign}`;
  return {
    open: (messageId: string) =>
      `${base}${TRACKING_PATHS.open}${signTrackingToken(key, { kind: 'open', messageId })}`,
    click: (messageId: string, link: number) =>
      `${base}${TRACKING_PATHS.click}${signTrackingToken(key, { kind: 'click', messageId, link })}`,
    unsubscribe: (messageId: string) =>
      `${base}${TRACKING_PATHS.unsubscribe}${signTrackingToken(key, { kind: 'unsubscribe', messageId })}`,
  };
}
