import { randomUUID } from 'node:crypto';
import {
  contactsSynced,
  type EventDefinition,
  type EventPayload,
  INBOUND_EVENT_MAX_BYTES,
  productEventsIngested,
} from '@meridian/contracts';
import { type AcceptedCall, emailOf } from './segment-calls';

type ProductEvent = EventPayload<typeof productEventsIngested>['events'][number];
type ContactRow = EventPayload<typeof contactsSynced>['rows'][number];

const str = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== ''
    ? value.trim()
    : typeof value === 'number'
      ? String(value)
      : null;

/** Segment's names for page and screen calls, as its destinations name them. */
function eventName(accepted: AcceptedCall): string | null {
  const { call } = accepted;
  switch (call.type) {
    case 'track':
      return call.event;
    case 'page':
      return call.name ? `Viewed ${call.name} Page` : 'Loaded a Page';
    case 'screen':
      return call.name ? `Viewed ${call.name} Screen` : 'Loaded a Screen';
    case 'group':
      return 'Group';
    case 'identify':
    case 'alias':
      return null;
  }
}

/** The key of a user id in the emails known from identify calls. */
export const userKey = (organisationId: string, userId: string) => `${organisationId}|${userId}`;

/**
 * The product activity of a track/page/screen/group call; null for identify and alias. A call
 * without an email takes the one its user id identified with, if known.
 */
export function productEventOf(
  accepted: AcceptedCall,
  knownEmails: Map<string, string> = new Map(),
): ProductEvent | null {
  const name = eventName(accepted);
  if (name === null) return null;
  const { call } = accepted;
  const properties =
    call.type === 'group'
      ? (call.traits ?? {})
      : call.type === 'page' || call.type === 'screen'
        ? { ...(call.category ? { category: call.category } : {}), ...(call.properties ?? {}) }
        : call.type === 'track'
          ? (call.properties ?? {})
          : {};
  return {
    message_id: accepted.message_id,
    email:
      emailOf(call) ??
      (call.userId ? (knownEmails.get(userKey(accepted.organisation_id, call.userId)) ?? null) : null),
    user_id: call.userId ?? null,
    anonymous_id: call.anonymousId ?? null,
    org_id: call.type === 'group' ? call.groupId : str(call.context?.groupId),
    event_name: name.slice(0, 255),
    event_date: accepted.timestamp.toISOString(),
    properties,
  };
}

/** Segment's reserved traits, as the person fields they fill. */
const TRAIT_FIELDS: [string, (traits: Record<string, unknown>) => unknown][] = [
  ['first_name', (t) => t.firstName ?? t.first_name],
  ['last_name', (t) => t.lastName ?? t.last_name],
  ['title', (t) => t.title],
  [
    'company_name',
    (t) => (t.company && typeof t.company === 'object' ? (t.company as { name?: unknown }).name : t.company),
  ],
  ['phone_number', (t) => t.phone],
];

/** The contact row an identify call upserts (keyed by email); null for other calls. */
export function contactRowOf(accepted: AcceptedCall): ContactRow | null {
  const { call } = accepted;
  if (call.type !== 'identify') return null;
  const email = emailOf(call);
  if (!email) return null;
  const traits = call.traits ?? {};
  const values: ContactRow['values'] = {};
  if (call.userId) values.product_user_id = call.userId;
  for (const [field, read] of TRAIT_FIELDS) {
    const value = str(read(traits));
    if (value !== null) values[field] = value;
  }
  return { email, values };
}

/**
 * Splits items into batches whose serialised size stays under INBOUND_EVENT_MAX_BYTES (with room
 * for the envelope), so one event never exceeds the transport's message limit.
 */
export function chunkBySize<T>(items: T[], overheadBytes = 4096): T[][] {
  const limit = INBOUND_EVENT_MAX_BYTES - overheadBytes;
  if (items.length === 0) return [];
  // The usual slice fits whole: one serialisation of the array (its items, commas and brackets:
  // more than the per-item sum below) decides it, instead of one per item.
  if (Buffer.byteLength(JSON.stringify(items)) <= limit) return [items];
  const chunks: T[][] = [];
  let current: T[] = [];
  let size = 0;
  for (const item of items) {
    const itemSize = Buffer.byteLength(JSON.stringify(item)) + 1;
    if (current.length > 0 && size + itemSize > limit) {
      chunks.push(current);
      current = [];
      size = 0;
    }
    current.push(item);
    size += itemSize;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

export interface OutboundEvent {
  definition: EventDefinition;
  payload: unknown;
}

/** The identify calls' user ids with their emails. */
export function identitiesOf(
  accepted: AcceptedCall[],
): { organisation_id: string; user_id: string; email: string }[] {
  return accepted.flatMap((a) => {
    const row = contactRowOf(a);
    return row && a.call.userId
      ? [{ organisation_id: a.organisation_id, user_id: a.call.userId, email: row.email }]
      : [];
  });
}

/** The user ids of calls that carry no email of their own. */
export function usersWithoutEmail(accepted: AcceptedCall[]): { organisation_id: string; user_id: string }[] {
  const seen = new Map<string, { organisation_id: string; user_id: string }>();
  for (const a of accepted) {
    if (a.call.type === 'identify' || a.call.type === 'alias' || !a.call.userId || emailOf(a.call)) continue;
    seen.set(userKey(a.organisation_id, a.call.userId), {
      organisation_id: a.organisation_id,
      user_id: a.call.userId,
    });
  }
  return [...seen.values()];
}

/** The events a set of accepted calls becomes: product activity and identify upserts, per organisation. */
export function outboundEvents(
  accepted: AcceptedCall[],
  knownEmails: Map<string, string> = new Map(),
): OutboundEvent[] {
  const byOrg = new Map<string, { products: ProductEvent[]; contacts: Map<string, ContactRow> }>();
  for (const item of accepted) {
    let group = byOrg.get(item.organisation_id);
    if (!group) byOrg.set(item.organisation_id, (group = { products: [], contacts: new Map() }));
    const product = productEventOf(item, knownEmails);
    if (product) group.products.push(product);
    const contact = contactRowOf(item);
    // Later identifies of one email win, merged over the earlier ones of the batch.
    if (contact) {
      const earlier = group.contacts.get(contact.email);
      group.contacts.set(
        contact.email,
        earlier ? { email: contact.email, values: { ...earlier.values, ...contact.values } } : contact,
      );
    }
  }
  const out: OutboundEvent[] = [];
  for (const [organisationId, { products, contacts }] of byOrg) {
    for (const events of chunkBySize(products)) {
      out.push({
        definition: productEventsIngested,
        payload: { organisation_id: organisationId, source: 'segment', batch_id: randomUUID(), events },
      });
    }
    for (const rows of chunkBySize([...contacts.values()])) {
      out.push({
        definition: contactsSynced,
        payload: {
          organisation_id: organisationId,
          source: 'segment',
          connection_id: null,
          sync_run_id: null,
          batch_id: randomUUID(),
          new_fields: [],
          rows,
          // Identify carries the person's current traits: they update, blanks leave values alone.
          options: { enable_update: true, overwrite_values: true, ignore_blank: true },
        },
      });
    }
  }
  return out;
}
