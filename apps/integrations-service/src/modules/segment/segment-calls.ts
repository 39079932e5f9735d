import { createHash } from 'node:crypto';
import {
  inStoredRange,
  type SegmentCall,
  segmentCallSchema,
  segmentCallTypes,
  type SegmentErrorKind,
  segmentMessages,
} from '@meridian/contracts';
import { findBadText } from '@meridian/server-kit';
import { checkedCall } from './segment-call-check';

/** A refused call as it is recorded (errors.list). */
export interface RefusedCall {
  organisation_id: string;
  exception: SegmentErrorKind;
  description: string;
  event_type: string | null;
  message_id: string | null;
  payload_excerpt: string;
  time_created: Date;
}

/** An accepted call, its time corrected for the sender's clock. */
export interface AcceptedCall {
  organisation_id: string;
  call: SegmentCall;
  message_id: string;
  /** When it happened, by our clock (Segment's `timestamp`). */
  timestamp: Date;
  received_at: Date;
}

export const PAYLOAD_EXCERPT_CHARS = 2000;

/** A JSON escape of U+0000 or of a surrogate (a pair is checked as it parses). */
export const ESCAPED_BAD_TEXT = /\\u(?:0000|[dD][89a-fA-F])/;
const DAY_MS = 24 * 60 * 60 * 1000;

export function refused(
  organisationId: string,
  exception: SegmentErrorKind,
  description: string,
  raw: string,
  at: Date,
  call?: { type?: unknown; messageId?: unknown },
): RefusedCall {
  return {
    organisation_id: organisationId,
    exception,
    description,
    event_type: typeof call?.type === 'string' ? call.type.slice(0, 50) : null,
    message_id: typeof call?.messageId === 'string' ? call.messageId.slice(0, 200) : null,
    payload_excerpt: raw.slice(0, PAYLOAD_EXCERPT_CHARS),
    time_created: at,
  };
}

/** A date from an ISO string or epoch milliseconds; undefined when absent, null when unreadable. */
function readTime(value: unknown): Date | null | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  // A bare number string is not a date Segment reads; Date.parse would take '2024' as a year.
  if (typeof value === 'string' && !/^\d{4}-\d{2}-\d{2}/.test(value)) return null;
  const date = new Date(value);
  // Years the database stores (1 to 9999): year 0 or a huge epoch number would fail the batch.
  return Number.isNaN(date.getTime()) || !inStoredRange(date.toISOString()) ? null : date;
}

/**
 * Segment's clock-skew correction: the sender's clock is off by (sentAt - receivedAt), so the
 * event happened at receivedAt - (sentAt - originalTimestamp). Without sentAt the sender's time
 * stands; without any time, the time we received it.
 */
export function correctedTime(
  call: { timestamp?: unknown; originalTimestamp?: unknown; sentAt?: unknown },
  receivedAt: Date,
): Date | null {
  const original = readTime(call.originalTimestamp ?? call.timestamp);
  const sentAt = readTime(call.sentAt);
  if (original === null || sentAt === null) return null;
  if (original === undefined) return receivedAt;
  if (sentAt === undefined) return original;
  return new Date(receivedAt.getTime() - (sentAt.getTime() - original.getTime()));
}

function issueKind(path: PropertyKey[], message: string): [SegmentErrorKind, string] {
  const field = String(path[0] ?? '');
  if (field === 'event') return ['MissingEventName', segmentMessages.missingEventName];
  if (field === 'groupId') return ['MissingGroupId', segmentMessages.missingGroupId];
  if (field === 'previousId') return ['MissingPreviousId', segmentMessages.missingPreviousId];
  if (field === 'type') return ['UnknownCallType', segmentMessages.unknownType];
  return ['InvalidCall', `${segmentMessages.invalidCall}: ${field ? `${field}: ` : ''}${message}`];
}

/** A stable id for a call sent without messageId, so its retries are still stored once. */
function contentId(organisationId: string, raw: string): string {
  return `content-${createHash('sha256').update(organisationId).update(raw).digest('hex').slice(0, 32)}`;
}

type ReadCall = { accepted: AcceptedCall } | { refused: RefusedCall };

/**
 * Checks one stored call (the JSON the ingest wrote to the inbox) and reads it. Never throws: a
 * call that breaks the reading is refused, so one odd call cannot hold up the inbox.
 */
export function readInboxCall(
  organisationId: string,
  receivedAt: Date,
  raw: string,
  now = new Date(),
): ReadCall {
  try {
    return readCall(organisationId, receivedAt, raw, now);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      refused: refused(organisationId, 'InvalidCall', `${segmentMessages.invalidCall}: ${reason}`, raw, now),
    };
  }
}

function readCall(organisationId: string, receivedAt: Date, raw: string, now: Date): ReadCall {
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(raw) as Record<string, unknown>;
  } catch {
    return { refused: refused(organisationId, 'InvalidJson', segmentMessages.invalidJson, raw, now) };
  }
  const fail = (kind: SegmentErrorKind, description: string) => ({
    refused: refused(organisationId, kind, description, raw, now, body),
  });
  // The intake refuses text Postgres cannot store; a call stored before it looked at every depth
  // would fail its slice's publish on every attempt and hold up every organisation's calls behind it.
  if (ESCAPED_BAD_TEXT.test(raw) && findBadText(body) !== null)
    return fail('InvalidText', segmentMessages.invalidText);
  if (!segmentCallTypes.includes(body.type as never))
    return fail('UnknownCallType', segmentMessages.unknownType);
  let call = checkedCall(body);
  if (!call) {
    const parsed = segmentCallSchema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return fail(...issueKind(issue.path, issue.message));
    }
    call = parsed.data;
  }
  const hasIdentity = (call.userId ?? '') !== '' || (call.anonymousId ?? '') !== '';
  if (call.type === 'alias' ? (call.userId ?? '') === '' : !hasIdentity) {
    return call.type === 'alias'
      ? fail('MissingPreviousId', segmentMessages.missingPreviousId)
      : fail('MissingIdentity', segmentMessages.missingIdentity);
  }
  const timestamp = correctedTime(body, receivedAt);
  if (!timestamp) return fail('InvalidTimestamp', segmentMessages.invalidTimestamp);
  if (timestamp.getTime() > receivedAt.getTime() + DAY_MS) {
    return fail('EventInFuture', segmentMessages.eventInFuture);
  }
  if (call.type === 'identify' && !emailOf(call)) {
    const given = text((call.traits as Record<string, unknown> | null | undefined)?.email);
    return fail('MissingEmail', given ? segmentMessages.invalidEmail : segmentMessages.missingEmail);
  }
  return {
    accepted: {
      organisation_id: organisationId,
      call,
      message_id: call.messageId ?? contentId(organisationId, raw),
      timestamp,
      received_at: receivedAt,
    },
  };
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

const EMAIL = /^[^\s@]+@[^\s@]+$/;

/** The person's email: identify traits, else the context's traits, else an `email` property. */
export function emailOf(call: SegmentCall): string | null {
  const traits = 'traits' in call ? call.traits : undefined;
  const contextTraits = call.context?.traits as Record<string, unknown> | undefined;
  const properties = 'properties' in call ? call.properties : undefined;
  const email =
    (call.type === 'identify' ? text(traits?.email) : null) ??
    text(contextTraits?.email) ??
    text(properties?.email);
  return email && EMAIL.test(email) ? email.toLowerCase() : null;
}
