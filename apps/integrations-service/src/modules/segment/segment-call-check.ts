import type { SegmentCall } from '@meridian/contracts';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const absent = (v: unknown) => v === undefined || v === null;
const optionalString = (v: unknown) => absent(v) || typeof v === 'string';
const optionalObject = (v: unknown) => absent(v) || isObject(v);
const optionalTime = (v: unknown) => absent(v) || typeof v === 'string' || typeof v === 'number';
const filledString = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

/**
 * The common case of `segmentCallSchema`, checked in place: a call this accepts is one the schema
 * accepts unchanged (ids already strings, the event name already trimmed), so it is used as
 * parsed, without the schema's copy of every call (the relay reads thousands a second). Anything
 * else, valid or not, returns null and goes through the schema, which also words the refusal.
 * Unknown fields stay on the object; nothing downstream reads them.
 */
export function checkedCall(body: Json): SegmentCall | null {
  if (body.messageId !== undefined && !(typeof body.messageId === 'string' && body.messageId.length <= 200))
    return null;
  if (!optionalString(body.userId) || !optionalString(body.anonymousId)) return null;
  if (!optionalTime(body.timestamp) || !optionalTime(body.sentAt) || !optionalTime(body.originalTimestamp))
    return null;
  if (!optionalObject(body.context) || !optionalObject(body.integrations)) return null;
  if (!absent(body.version) && typeof body.version !== 'string' && typeof body.version !== 'number')
    return null;
  switch (body.type) {
    case 'track':
      if (!filledString(body.event) || body.event.trim() !== body.event) return null;
      return optionalObject(body.properties) ? (body as SegmentCall) : null;
    case 'identify':
      return optionalObject(body.traits) ? (body as SegmentCall) : null;
    case 'page':
    case 'screen':
      return optionalString(body.name) && optionalString(body.category) && optionalObject(body.properties)
        ? (body as SegmentCall)
        : null;
    case 'group':
      return filledString(body.groupId) && optionalObject(body.traits) ? (body as SegmentCall) : null;
    case 'alias':
      return filledString(body.previousId) ? (body as SegmentCall) : null;
    default:
      return null;
  }
}
